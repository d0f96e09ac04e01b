// axe runs its rules as a script in the page, so this suite runs with JS on; the markup it checks
// is the server-rendered page either way.
import { AxeBuilder } from "@axe-core/playwright";
import { localized, PAGE_TYPES } from "../../scripts/quality/types";
import { expect, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test.describe("accessibility (WCAG 2.2 A/AA)", () => {
  for (const lang of ["en", "de"] as const) {
    for (const { type, path } of PAGE_TYPES) {
      test(`${type} (${lang}) has no violations`, async ({ page }) => {
        await page.goto(localized(path, lang));
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        const report = results.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 5)
              .join(", ")}`,
        );
        expect(report, report.join("\n")).toEqual([]);
      });
    }
  }

  test("an open modal has no violations", async ({ page }) => {
    await page.goto("/search?q=sandbox%3Afault");
    await expect(page.getByRole("dialog")).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).include("dialog").analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
