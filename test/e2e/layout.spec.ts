/**
 * What a visitor sees, checked as layout (issue 41): at phone, tablet and laptop widths and in
 * every language, no page scrolls sideways, the header's links stay on one line inside the
 * window, and the line icons are drawn as lines — a behaviour suite cannot see a black blob where
 * an icon should be, or a header cut off at 820 px. JS on and off (both projects).
 */
import type { Locator, Page } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages";
import { expect, ready, test } from "./fixtures";

/** From the smallest phone to a wide desktop, with the widths between where headers break. */
const WIDTHS = [320, 390, 768, 820, 900, 1024, 1180, 1280, 1440, 1920];

/** The path of `path` in a language (`/de/features`; English unprefixed). */
const inLang = (code: string, path: string) => (code === "en" ? path : `/${code}${path}`);

interface Overflow {
  /** The page is wider than the window. */
  sideways: number;
  /** Header links that wrap onto a second line, or end outside the window. */
  broken: string[];
}

/** What overflows at the window's current width. */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    /** The most lines any visible run of the element's text takes (1 when none wraps). */
    const lines = (el: Element) => {
      let most = 1;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // A visually hidden label (1 px, clipped) is no line a visitor sees.
        const rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
        most = Math.max(most, new Set(rects.map((r) => Math.round(r.top))).size);
      }
      return most;
    };
    const broken: string[] = [];
    const header = document.querySelector(".site-header__bar");
    const items = header?.querySelectorAll(
      ".logo, .nav__list > li > .nav__link, .header-search, .lang-switch__current, .header__signin, .header__account > *, .menu__toggle",
    );
    for (const el of items ?? []) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      const name = (el.textContent ?? "").trim().slice(0, 30) || el.className;
      if (box.right > width + 0.5 || box.left < -0.5) broken.push(`${name}: outside the window`);
      else if (!el.matches(".header-search, .header__account > *") && lines(el) > 1) {
        broken.push(`${name}: ${lines(el)} lines`);
      }
    }
    return { sideways: document.documentElement.scrollWidth - width, broken };
  });
}

for (const { code } of LANGUAGES) {
  test(`the header fits from 320 to 1920 px, nothing scrolls sideways (${code})`, async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(inLang(code, "/features"));
    await ready(page, js);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const { sideways, broken } = await overflowOf(page);
      if (sideways > 0) problems.push(`${width} px: the page scrolls ${sideways} px sideways`);
      for (const what of broken) problems.push(`${width} px: ${what}`);
    }
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

/**
 * The share of an element's pixels that differ from the page's background: a 24 px line icon
 * inks well under half of its box, the same icon filled solid most of it. Measured on a
 * screenshot decoded in a blank page of the same browser (no image library needed).
 */
async function inkedShare(page: Page, target: Locator): Promise<number> {
  const png = (await target.screenshot()).toString("base64");
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(img, 0, 0);
      const { data: px } = context.getImageData(0, 0, img.width, img.height);
      // The corner pixel is the icon's background (its tile).
      const [r0, g0, b0] = [px[0]!, px[1]!, px[2]!];
      let inked = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i]! - r0) + Math.abs(px[i + 1]! - g0) + Math.abs(px[i + 2]! - b0) > 60) {
          inked += 1;
        }
      }
      return inked / (px.length / 4);
    }, png);
  } finally {
    await blank.close();
  }
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
    const share = await inkedShare(page, icon);
    // Something is drawn, and far less than a filled shape would cover.
    expect(share, `icon ${i}`).toBeGreaterThan(0.04);
    expect(share, `icon ${i}`).toBeLessThan(0.45);
  }
});

test.describe("the cookie notice", () => {
  test.use({ cookieNoticeDismissed: false });

  for (const width of [390, 820, 1280]) {
    test(`covers nothing and is reached early by keyboard (${width} px)`, async ({ page, js }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/pricing");
      await ready(page, js);
      const notice = page.locator(".cookie-notice");
      await expect(notice).toBeVisible();
      const { overlap, before } = await page.evaluate(() => {
        const box = document.querySelector(".cookie-notice")!.getBoundingClientRect();
        const main = document.querySelector("main")!.getBoundingClientRect();
        const focusable = [...document.querySelectorAll("a[href], button, input, select")];
        const first = focusable.findIndex((el) => el.closest(".cookie-notice"));
        return { overlap: box.bottom - main.top, before: first };
      });
      // Above the page's content, not over it; its button before the page's own controls.
      expect(overlap).toBeLessThanOrEqual(0);
      const inMain = await page.evaluate(() => {
        const focusable = [...document.querySelectorAll("a[href], button, input, select")];
        return focusable.findIndex((el) => el.closest("main"));
      });
      expect(before).toBeLessThan(inMain);
    });
  }
});
