/**
 * Screenshot baselines of the main pages at phone, tablet and laptop widths (Chromium, JS on):
 * what a visitor sees, compared pixel by pixel with the committed images next to this file. A
 * change that moves, recolours or hides something fails here until its new look is reviewed and
 * the baselines are written again (`npx playwright test visual --update-snapshots`, then looked
 * at before committing). The layout rules behind them are checked in every engine by layout.spec
 * and the engines suite; `npm run shots` shows the same pages in every engine and more languages.
 */
import type { Page } from "@playwright/test";
import { CHANGING_PARTS, MAIN_PAGES, MAIN_WIDTHS } from "../support/main-pages";
import { expect, ready, test } from "./fixtures";

/**
 * Brings every lazily loaded part of the page in (images, lazily hydrated forms) by scrolling
 * through it, then waits for its images and fonts, back at the top.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))),
    );
    await document.fonts.ready;
  });
}

for (const { name, path } of MAIN_PAGES) {
  for (const width of MAIN_WIDTHS) {
    test(`${name} at ${width} px looks as reviewed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(name === "not-found" ? 404 : 200);
      await ready(page, true);
      await settle(page);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: "disabled",
        caret: "hide",
        mask: [page.locator(CHANGING_PARTS)],
        // Anti-aliasing may differ by a few pixels between runs; a moved block differs by far more.
        maxDiffPixelRatio: 0.002,
      });
    });
  }
}
