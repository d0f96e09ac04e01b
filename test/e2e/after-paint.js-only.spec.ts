import { expect, ready, test } from "./fixtures";

/**
 * Hydration waits for the first paint (decision 019): until the document is parsed and a frame
 * has been painted, no script chunk and no UI strings are requested; right after, they are, and
 * the page hydrates.
 */
test.describe("hydration after the first paint", () => {
  for (const [type, path] of [
    ["home", "/"],
    ["blog post", "/blog/passkeys-explained"],
    ["checkout", "/order/checkout?plan=102"],
  ] as const) {
    test(`the ${type} page loads its scripts once it has painted`, async ({ page, js }) => {
      // Runs before the page's own scripts: this frame callback comes first once parsed.
      await page.addInitScript(() => {
        const seen = window as unknown as { atFirstFrame?: string[] };
        document.addEventListener("DOMContentLoaded", () => {
          requestAnimationFrame(() => {
            seen.atFirstFrame = performance.getEntriesByType("resource").map((entry) => entry.name);
          });
        });
      });
      const hydrationFetches = (urls: string[]) =>
        urls
          .map((url) => new URL(url).pathname)
          .filter((name) => name.endsWith(".js") || name.startsWith("/locales/"));

      await page.goto(path);
      await ready(page, js);

      const atFirstFrame = await page.evaluate(
        () => (window as unknown as { atFirstFrame?: string[] }).atFirstFrame,
      );
      expect(atFirstFrame).toBeDefined();
      expect(hydrationFetches(atFirstFrame!)).toEqual([]);
      const all = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => entry.name),
      );
      expect(hydrationFetches(all)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/assets\/entry\.client-.*\.js$/)]),
      );
      expect(hydrationFetches(all)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/locales\/en$/)]),
      );
      // No element is left inert, and the links the page hydrated with are plain ones again.
      await expect(page.locator("[data-after-paint]")).toHaveCount(0);
      await expect(page.locator('link[rel="modulepreload"][media]')).toHaveCount(0);
    });
  }
});
