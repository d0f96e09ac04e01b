/**
 * No rough edge a buyer would see, on the pages a visitor judges the site by, in every language,
 * at phone, tablet and laptop widths, JS on and off: nothing scrolls sideways; no heading, stat,
 * bullet or button leaves one character or sign alone on its last line ("4,800万|+", "アラー|ト");
 * buttons and badges keep their words on one line; the buttons of a row of cards sit at one
 * height, inside their cards.
 */
import { LANGUAGES } from "../../app/i18n/languages";
import { roughEdges } from "../support/layout-probe";
import { inLanguage, MAIN_PAGES, MAIN_WIDTHS } from "../support/main-pages";
import { expect, ready, test } from "./fixtures";

/** The main pages, and the pages of this buyer's path: proof, legal, a platform. */
const PAGES = [
  ...MAIN_PAGES.map((main) => main.path),
  "/security",
  "/security/white-paper",
  "/security/disclosure",
  "/migration",
  "/downloads/windows",
  "/cookies",
  "/imprint",
];

for (const { code } of LANGUAGES) {
  test(`the main pages have no rough edge at 390, 820 and 1280 px (${code})`, async ({
    page,
    js,
  }) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    let measured = 0;
    for (const path of PAGES) {
      await page.setViewportSize({ width: MAIN_WIDTHS[0], height: 900 });
      await page.goto(inLanguage(code, path));
      await ready(page, js);
      for (const width of MAIN_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const found = await page.evaluate(roughEdges);
        measured += found.measured;
        const at = `${path} ${width} px`;
        if (found.sideways > 0) problems.push(`${at}: scrolls ${found.sideways} px sideways`);
        for (const what of found.lone) problems.push(`${at}: ${what}`);
        for (const what of found.wrapped) problems.push(`${at}: button on two lines: ${what}`);
        for (const what of found.ragged) problems.push(`${at}: ${what}`);
      }
    }
    // Every page drew texts to measure (a blank page would pass otherwise).
    expect(measured).toBeGreaterThan(PAGES.length * MAIN_WIDTHS.length * 5);
    expect(problems).toEqual([]);
  });
}
