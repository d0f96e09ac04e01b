import { expect, ready, test } from "./fixtures";

test.describe("images", () => {
  test("never shift the layout: every content image has its size", async ({ page }) => {
    await page.goto("/features");
    const sizes = await page
      .locator("article img")
      .evaluateAll((imgs) =>
        imgs.map((img) => [img.getAttribute("width"), img.getAttribute("height")]),
      );
    expect(sizes.length).toBeGreaterThan(2);
    for (const [w, h] of sizes) {
      expect(Number(w)).toBeGreaterThan(0);
      expect(Number(h)).toBeGreaterThan(0);
    }
  });

  test("keep the same box before and after they load, so nothing below them moves", async ({
    page,
    js,
  }) => {
    // Hold every content image until the boxes have been measured.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route("**/demo/**", (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    );
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await ready(page, js);
    // Measured as styled: without JS nothing makes "domcontentloaded" wait for the stylesheet.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
            (link) => link.sheet !== null,
          ),
        ),
      )
      .toBe(true);
    const images = page.locator("main img");
    const boxes = () =>
      images.evaluateAll((imgs) =>
        imgs.map((img) => {
          const { width, height } = img.getBoundingClientRect();
          return `${Math.round(width)}x${Math.round(height)}`;
        }),
      );
    const before = await boxes();
    expect(before.length).toBeGreaterThan(4);
    expect(before.every((box) => !box.endsWith("x0"))).toBe(true);
    holding = false;
    await Promise.all(held.map((release) => release()));
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await boxes()).toEqual(before);
  });

  test("below the fold load lazily; the first hero image eagerly", async ({ page }) => {
    await page.goto("/features");
    await expect(page.locator(".hero img").first()).toHaveAttribute("loading", "eager");
    await expect(page.locator(".media-text img").first()).toHaveAttribute("loading", "lazy");
  });

  test("keep their box when they fail; with JS, the placeholder after three attempts", async ({
    page,
    js,
  }) => {
    let attempts = 0;
    await page.route("**/demo/shots/en/teams.svg", (route) => {
      attempts += 1;
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto("/features");
    await ready(page, js);
    const img = page.locator("article img[width][height]").filter({
      has: page.locator(
        "xpath=self::*[contains(@src,'teams.svg') or contains(@src,'image-error.svg')]",
      ),
    });
    await img.first().scrollIntoViewIfNeeded();
    if (js) {
      await expect(page.locator('img[src="/images/image-error.svg"]')).toHaveCount(1);
      expect(attempts).toBe(3);
    } else {
      await expect.poll(() => attempts).toBeGreaterThanOrEqual(1);
    }
    const box = await img.first().boundingBox();
    expect(box?.width).toBeGreaterThan(50);
    expect(box?.height).toBeGreaterThan(50);
  });
});
