import { expect, ready, test } from "./fixtures";

test.describe("content pages", () => {
  test("render their blocks", async ({ page }) => {
    await page.goto("/features");
    await expect(page.locator(".hero h1")).toBeVisible();
    await expect(page.locator(".feature-grid .feature").first()).toBeVisible();
    await expect(page.locator(".media-text").first()).toBeVisible();
    await expect(page.locator(".cards .card").first()).toBeVisible();
    await expect(page.locator(".cta")).toBeVisible();
    const images = page.locator("article img");
    expect(await images.count()).toBeGreaterThan(0);
    for (const img of await images.all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
  });

  test("open FAQ answers without JS", async ({ page }) => {
    await page.goto("/");
    const item = page.locator(".faq details").first();
    await item.locator("summary").click();
    await expect(item.locator(".faq__answer")).toBeVisible();
  });

  test("FAQ questions show a drawn chevron, never the engine's marker, turned when open", async ({
    page,
  }) => {
    await page.goto("/");
    const summary = page.locator(".faq summary").first();
    const look = () =>
      summary.evaluate((el) => {
        const style = getComputedStyle(el);
        const chevron = getComputedStyle(el, "::after");
        return {
          display: style.display,
          listStyle: style.listStyleType,
          chevron: chevron.content,
          transform: chevron.transform,
        };
      });
    const closed = await look();
    // A summary is a list item with a ▶ marker unless its display or list style says otherwise.
    expect(closed.display).not.toBe("list-item");
    expect(closed.listStyle).toBe("none");
    expect(closed.chevron).toBe('""');
    await summary.click();
    await expect(page.locator(".faq details").first()).toHaveAttribute("open", "");
    await expect.poll(async () => (await look()).transform).not.toBe(closed.transform);
  });

  test("card grids leave no card alone on a row", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/features");
    // The cards on each row of each grid, top to bottom.
    const layouts = await page.locator("ul.grid").evaluateAll((lists) =>
      lists.map((list) => {
        const tops = new Map<number, number>();
        for (const item of list.children) {
          const top = Math.round(item.getBoundingClientRect().top);
          tops.set(top, (tops.get(top) ?? 0) + 1);
        }
        return [...tops.values()];
      }),
    );
    // The check needs a grid that wraps: the eight features do (rows of four); the four cards
    // below them fill one row.
    expect(layouts).toHaveLength(2);
    expect(layouts[0]!.length).toBeGreaterThan(1);
    for (const rows of layouts) expect(rows.at(-1), `rows ${rows.join("+")}`).toBeGreaterThan(1);
  });

  test("list blog posts with working pagination", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator(".blog-list .card")).toHaveCount(9);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    expect(await page.locator(".blog-list .card").count()).toBeGreaterThan(0);
    await page.locator(".blog-list .card__link").first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.locator(".post-header h1")).toBeVisible();
  });

  test("link store badges and external links safely", async ({ page }) => {
    await page.goto("/downloads/ios");
    const badge = page.locator("a.store-badge--ios").first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute("target", "_blank");
    await expect(badge).toHaveAttribute("rel", /noopener/);
    await page.goto("/downloads/android");
    await expect(page.locator("a.store-badge--android svg")).toHaveCount(0);
  });

  test("scroll to in-page targets and set the hash", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const link = page.locator('a[href="#features"]').first();
    await link.click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.locator("#features")).toBeInViewport();
  });

  test("keep the language in internal links", async ({ page }) => {
    await page.goto("/de/features");
    const hrefs = await page
      .locator(".site-header nav a[href^='/']")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^\/de(\/|$)/);
  });
});

test.describe("not found", () => {
  test("answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("This page could not be found");
    await expect(page).toHaveTitle("This page could not be found");
  });

  test("redirects past an unknown two-letter prefix to the page without it", async ({ page }) => {
    const response = await page.goto("/xx/features?plan=family");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/features\?plan=family$/);
    await expect(page.locator(".hero h1")).toBeVisible();
  });

  test("treats files such as /robots.txt as files, not languages", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain("User-agent");
  });
});

test.describe("search", () => {
  test("finds pages from the header search", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const search = page.locator(".site-header input[name=q]:visible");
    if (!(await search.isVisible())) await page.locator(".menu__toggle").click();
    await search.fill("autofill");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=autofill$/);
    await expect(page.locator(".search-results li").first()).toBeVisible();
  });
});

test.describe("meta", () => {
  test("carry title, description, canonical and hreflang alternates", async ({ page, baseURL }) => {
    await page.goto("/de/features");
    await expect(page).toHaveTitle(/KeyNest/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/de/features`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      `${baseURL}/features`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute(
      "href",
      `${baseURL}/jp/features`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="uk"]')).toHaveAttribute(
      "href",
      `${baseURL}/ua/features`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${baseURL}/features`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
  });

  test("marks payment outcome pages noindex", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});
