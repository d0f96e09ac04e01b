import { expect, ready, test } from "./fixtures";

// The server writes the article, main navigation and footer links of a page it rendered before
// from their HTML (app/render). A query string the page cache has not seen makes the server
// render the page again, from those parts; the browser must hydrate it as any other page.
test.describe("pages rendered from prerendered parts", () => {
  const footerLink = '.site-footer a[href="/family"]';
  for (const [path, link, target] of [
    ["/", footerLink, /\/family$/],
    ["/features", footerLink, /\/family$/],
    ["/blog", footerLink, /\/family$/],
    // The German pricing page: no footer link lists in this layout, so its header navigation
    // (kept on pricing, decision 027).
    ["/de/pricing", '.site-header .nav a[href="/de/family"]', /\/de\/family$/],
  ] as const) {
    test(`${path} hydrates without errors and navigates in the browser`, async ({
      page,
      js,
      request,
    }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const url = (n: number) =>
        `${path}${path.includes("?") ? "&" : "?"}prerender=${test.info().testId}-${n}`;
      // The first render learns the parts; the next ones write them from what it learned.
      for (const n of [1, 2]) expect((await request.get(url(n))).status()).toBe(200);

      await page.goto(url(3));
      await ready(page, js);
      await expect(page.locator("main article.page")).toBeVisible();
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      // Dispatched: the click needs no place on screen, only the browser's navigation.
      await page.locator(link).first().dispatchEvent("click");
      await expect(page).toHaveURL(target);
      await expect(page.locator("main article.page h1")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      expect(errors).toEqual([]);
    });
  }
});
