/**
 * Screenshot baselines of the main pages at phone, tablet and laptop widths (Chromium, JS on):
 * what a visitor sees, compared pixel by pixel with the committed images next to this file. A
 * change that moves, recolours or hides something fails here until its new look is reviewed and
 * the baselines are written again (`npx playwright test visual --update-snapshots`, then looked
 * at before committing). The allowance and how pages settle are in test/support/visual.ts;
 * visual-sensitivity.js-only.spec.ts proves that a hidden logo, an erased or recoloured button
 * exceed it. The layout rules behind them are checked in every engine by layout.spec and the
 * engines suite; `npm run shots` shows the same pages in every engine and more languages.
 */
import { MAIN_PAGES, MAIN_WIDTHS } from "../support/main-pages";
import { COMPARISON, screenshotOptions, settle } from "../support/visual";
import { expect, ready, test } from "./fixtures";

for (const { name, path } of MAIN_PAGES) {
  for (const width of MAIN_WIDTHS) {
    test(`${name} at ${width} px looks as reviewed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(name === "not-found" ? 404 : 200);
      await ready(page, true);
      await settle(page);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        ...screenshotOptions(page),
        ...COMPARISON,
      });
    });
  }
}
