/**
 * What a visitor sees, checked as layout (issue 41): at phone, tablet and laptop widths and in
 * every language, no page scrolls sideways, the header's links stay on one line inside the
 * window, and the line icons are drawn as lines — a behaviour suite cannot see a black blob where
 * an icon should be, or a header cut off at 820 px. JS on and off (both projects).
 */
import type { Locator, Page } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages";
import { cookieNoticePlace, headerOverflow, wrappedPills } from "../support/layout-probe";
import { decodePng, inkedShare } from "../support/png";
import { expect, ready, test } from "./fixtures";

/** From the smallest phone to a wide desktop, with the widths between where headers break. */
const WIDTHS = [320, 390, 768, 820, 900, 1024, 1180, 1280, 1440, 1920];

/** The path of `path` in a language (`/de/features`; English unprefixed). */
const inLang = (code: string, path: string) => (code === "en" ? path : `/${code}${path}`);

/**
 * Opens `path` at a laptop width, then narrows or widens the window through `widths`, asking
 * `problemsAt` at each what is wrong; each answer is prefixed with its width.
 */
async function problemsAcross(
  { page, js }: { page: Page; js: boolean },
  path: string,
  widths: readonly number[],
  problemsAt: () => Promise<string[]>,
): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await ready(page, js);
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const what of await problemsAt()) problems.push(`${width} px: ${what}`);
  }
  return problems;
}

for (const { code } of LANGUAGES) {
  test(`the header fits from 320 to 1920 px, nothing scrolls sideways (${code})`, async ({
    page,
    js,
  }) => {
    const problems = await problemsAcross(
      { page, js },
      inLang(code, "/features"),
      WIDTHS,
      async () => {
        const { sideways, broken, measured } = await page.evaluate(headerOverflow);
        if (measured === 0) return ["no header item on screen to measure"];
        return sideways > 0 ? [`the page scrolls ${sideways} px sideways`, ...broken] : broken;
      },
    );
    expect(problems).toEqual([]);
  });
}

for (const { code } of LANGUAGES) {
  test(`the open menu fits a 390 px phone: search and actions first, groups folded (${code})`, async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(inLang(code, "/features"));
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    const panel = page.locator(".menu__panel");
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.y + box.height, "the panel ends inside the window").toBeLessThanOrEqual(844);
    const quick = (await page.locator(".menu__quick").boundingBox())!;
    const nav = (await page.locator(".menu__panel .nav").boundingBox())!;
    expect(quick.y + quick.height).toBeLessThanOrEqual(nav.y);
    await expect(page.locator(".menu__trial")).toBeVisible();
    // Nothing in the panel runs out of it sideways, and the trial's label is one line.
    const outside = await panel.evaluate((el) =>
      [...el.querySelectorAll("a, button, summary, input")]
        .filter((item) => {
          const r = item.getBoundingClientRect();
          return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
        })
        .map((item) => item.textContent?.trim() || item.tagName),
    );
    expect(outside).toEqual([]);
    const trialHeight = (await page.locator(".menu__trial").boundingBox())!.height;
    expect(trialHeight).toBeLessThan(60);
  });
}

/** The share of an element's pixels that differ from its background (see inkedShare). */
async function inkedShareOf(target: Locator): Promise<number> {
  const image = decodePng(await target.screenshot());
  return inkedShare(image, { x: 0, y: 0, width: image.width, height: image.height });
}

test("line icons are drawn as lines, not solid shapes", async ({ page, js }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/features");
  await ready(page, js);
  const icons = page.locator(".feature__icon svg");
  expect(await icons.count()).toBeGreaterThan(3);
  for (let i = 0; i < 4; i += 1) {
    const icon = icons.nth(i);
    await icon.scrollIntoViewIfNeeded();
    const share = await inkedShareOf(icon);
    // Something is drawn, and far less than a filled shape would cover.
    expect(share, `icon ${i}`).toBeGreaterThan(0.04);
    expect(share, `icon ${i}`).toBeLessThan(0.45);
  }
});

for (const { code } of LANGUAGES) {
  test(`the plan badges on /pricing stay on one line at 390, 820 and 1280 px (${code})`, async ({
    page,
    js,
  }) => {
    const problems = await problemsAcross(
      { page, js },
      inLang(code, "/pricing"),
      [390, 820, 1280],
      async () => {
        const { measured, wrapped } = await page.evaluate(wrappedPills);
        return measured > 1 ? wrapped : [`${measured} plan badges on screen to measure`];
      },
    );
    expect(problems).toEqual([]);
  });
}

test.describe("the cookie notice", () => {
  test.use({ cookieNoticeDismissed: false });

  for (const width of [390, 820, 1280]) {
    test(`covers nothing and is reached early by keyboard (${width} px)`, async ({ page, js }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/pricing");
      await ready(page, js);
      await expect(page.locator(".cookie-notice")).toBeVisible();
      const place = await page.evaluate(cookieNoticePlace);
      // Above the page's content, not over it; its button before the page's own controls.
      expect(place?.overlap).toBeLessThanOrEqual(0);
      expect(place?.firstInNotice).toBeGreaterThanOrEqual(0);
      expect(place?.firstInNotice).toBeLessThan(place?.firstInMain ?? 0);
    });
  }
});
