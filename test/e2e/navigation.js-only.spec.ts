import { expect, ready, test } from "./fixtures";

// Client-side behaviour that only exists with JS (the no-js project skips this file).
test.describe("client navigation", () => {
  test("load on client navigation when they come near the viewport", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    await page.locator('.site-header a[href="/security"]').first().dispatchEvent("click");
    await expect(page).toHaveURL(/\/security$/);
    const lazy = page.locator("article img[data-src]");
    const waiting = await lazy.count();
    await page.locator(".site-footer").scrollIntoViewIfNeeded();
    await expect(page.locator("article img[data-src]")).toHaveCount(0);
    const loaded = await page
      .locator("article img")
      .evaluateAll((imgs) =>
        imgs.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      );
    expect(loaded).toBe(true);
    expect(waiting).toBeGreaterThanOrEqual(0);
  });
});
