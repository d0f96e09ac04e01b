/**
 * The screenshot baselines see a missing or recoloured control: the home page, changed in one
 * small way at a time in the browser, is judged against its committed baseline by Playwright's
 * own comparator with the allowance the baselines use (test/support/visual.ts), and must fail;
 * the same page unchanged must pass, so a failure is the change's and not the page's.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { mismatch, screenshotOptions, settle } from "../support/visual";
import { expect, ready, test } from "./fixtures";

const BASELINES = new URL("./visual.js-only.spec.ts-snapshots/", import.meta.url);

function baseline(name: string): Buffer {
  return readFileSync(new URL(`${name}-js-linux.png`, BASELINES));
}

interface Change {
  what: string;
  /** The controls changed; each must be on screen before the change. */
  targets: (page: Page) => Locator[];
  /** Inline style given to each target. */
  style: string;
}

const hero = (page: Page) => page.locator(".hero").first();
const seePlans = (page: Page) => hero(page).getByRole("link", { name: /See plans and pricing/ });
const exploreFeatures = (page: Page) => hero(page).getByRole("link", { name: "Explore features" });
const logo = (page: Page) => page.getByRole("link", { name: "KeyNest home" });
const hidden = "visibility: hidden";

const CHANGES: Record<390 | 1280, Change[]> = {
  1280: [
    { what: "the header logo hidden", targets: (page) => [logo(page)], style: hidden },
    {
      what: "the Sign-in button erased",
      targets: (page) => [page.locator(".site-header").getByRole("link", { name: "Sign in" })],
      style: hidden,
    },
    {
      what: "the 'See plans and pricing' button erased",
      targets: (page) => [seePlans(page)],
      style: hidden,
    },
    {
      what: "both hero buttons erased",
      targets: (page) => [seePlans(page), exploreFeatures(page)],
      style: hidden,
    },
    {
      what: "the 'See plans and pricing' button turned red",
      targets: (page) => [seePlans(page)],
      style: "background: rgb(200, 30, 30); border-color: rgb(200, 30, 30)",
    },
    {
      what: "the 'Explore features' outline turned red",
      targets: (page) => [exploreFeatures(page)],
      style: "border-color: rgb(200, 30, 30)",
    },
  ],
  390: [
    { what: "the header logo hidden", targets: (page) => [logo(page)], style: hidden },
    {
      what: "the menu button hidden",
      targets: (page) => [page.locator(".menu__toggle")],
      style: hidden,
    },
    {
      what: "the 'See plans and pricing' button erased",
      targets: (page) => [seePlans(page)],
      style: hidden,
    },
    {
      what: "the 'See plans and pricing' button turned red",
      targets: (page) => [seePlans(page)],
      style: "background: rgb(200, 30, 30); border-color: rgb(200, 30, 30)",
    },
  ],
};

for (const width of [1280, 390] as const) {
  test.describe(`the home page's baseline at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await ready(page, true);
      await settle(page);
    });

    test("matches the page as it is", async ({ page }) => {
      const shot = await page.screenshot(screenshotOptions(page));
      expect(mismatch(shot, baseline(`home-${width}`))).toBeNull();
    });

    for (const change of CHANGES[width]) {
      test(`fails with ${change.what}`, async ({ page }) => {
        const targets = change.targets(page);
        for (const target of targets) await expect(target).toBeVisible();
        for (const target of targets) {
          await target.evaluate((el, style) => el.setAttribute("style", style), change.style);
        }
        const shot = await page.screenshot(screenshotOptions(page));
        expect(mismatch(shot, baseline(`home-${width}`))).toMatch(/pixels .* are different/);
      });
    }
  });
}
