/**
 * How the screenshot baselines are taken and compared (test/e2e/visual.js-only.spec.ts), in one
 * place, so the test of the comparison itself (test/e2e/visual-sensitivity.js-only.spec.ts)
 * judges a changed page exactly as the baselines do.
 *
 * The allowance is a number of pixels for the whole page, not a share of it: a share grows with
 * the page (0.2 % of the home page at 1280 px was 16,000 pixels, more than an erased button), a
 * count does not. Rendered twice on this machine, the same page differs by 0 pixels; the smallest
 * change the baselines must see, an icon swapped for another (about 200 pixels) or the header
 * logo hidden (about 900), is well above the allowance.
 */
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { CHANGING_PARTS } from "./main-pages";

/** Differing pixels a page may show and still match its baseline. */
export const MAX_DIFF_PIXELS = 40;

/**
 * How different two pixels must be to count (Playwright's default, pixelmatch's YIQ distance,
 * 0 to 1): anti-aliasing stays below it, a colour changed to another colour does not.
 */
export const PIXEL_THRESHOLD = 0.2;

/** What `toHaveScreenshot` compares with, written out. */
export const COMPARISON = { maxDiffPixels: MAX_DIFF_PIXELS, threshold: PIXEL_THRESHOLD } as const;

/** How every baseline is taken (`toHaveScreenshot`'s own defaults for scale and mask colour). */
export function screenshotOptions(page: Page) {
  return {
    fullPage: true,
    animations: "disabled" as const,
    caret: "hide" as const,
    scale: "css" as const,
    mask: [page.locator(CHANGING_PARTS)],
  };
}

/**
 * Brings every lazily loaded part of the page in (images, lazily hydrated forms) by scrolling
 * through it, waits until the scripts and images those parts asked for have arrived (no request
 * for half a second), then for the fonts, back at the top.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    const shown = [...document.images].filter((img) => img.getClientRects().length > 0);
    await Promise.all(shown.map((img) => (img.complete ? null : img.decode().catch(() => null))));
    await document.fonts.ready;
  });
}

type Comparator = (
  actual: Buffer,
  expected: Buffer,
  options: typeof COMPARISON,
) => { errorMessage: string } | null;

/**
 * Playwright's own image comparator, the one `toHaveScreenshot` runs. It is not part of the
 * public API, so its absence fails loudly here rather than letting the comparison test pass.
 */
function playwrightComparator(): Comparator {
  const require = createRequire(import.meta.url);
  const core = require("playwright-core/lib/coreBundle") as {
    utils?: { getComparator?: (mimeType: string) => Comparator };
  };
  const getComparator = core.utils?.getComparator;
  if (typeof getComparator !== "function") {
    throw new Error("playwright-core no longer exports utils.getComparator: update this helper");
  }
  return getComparator("image/png");
}

/** Why `actual` does not match the baseline `expected` as the baselines are judged, or null. */
export function mismatch(actual: Buffer, expected: Buffer): string | null {
  return playwrightComparator()(actual, expected, COMPARISON)?.errorMessage ?? null;
}
