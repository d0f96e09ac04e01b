import { AxeBuilder } from "@axe-core/playwright";
import { field, openForm } from "./content-forms";
import { expect, ready, test } from "./fixtures";

/** The contact and partner forms' behaviour with JS: checks as fields are left, lazy code. */

test.describe("with JS", () => {
  test("checks a field when it is left and again as it is corrected", async ({ page, js }) => {
    const form = await openForm(page, "/contact", js, "contact");
    const email = field(form, "email");
    await email.fill("mia@");
    await expect(form.locator("#contact-form-email-error")).toHaveCount(0);
    await email.blur();
    await expect(form.locator("#contact-form-email-error")).toHaveText("Invalid email");
    await email.fill("mia@example.com");
    await expect(form.locator("#contact-form-email-error")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  });

  test("loads the form code only on pages with a form", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/features");
    await ready(page, true);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((src) => /contactform|partnerform|schemas/.test(src))).toEqual([]);

    // Reached in the browser, the contact page fetches its form's chunk and shows the form.
    await page.locator('.site-footer a[href="/contact"]').click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("form#contact-form")).toHaveAttribute("data-enhanced", "");
    expect(scripts.some((src) => /contactform/.test(src))).toBe(true);
  });

  for (const path of ["/contact", "/de/partners"]) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await openForm(page, path, true, path.includes("partners") ? "partner" : "contact");
      const popup = page.locator("dialog[open]");
      if (await popup.count()) await popup.getByRole("button").last().click();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    });
  }
});
