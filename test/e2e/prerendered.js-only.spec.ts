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
    // English content under a German URL (the article is lang="en", the non-language popup
    // opens): no menu or footer links in this layout, so a button in the article.
    ["/de/pricing", 'main article a[href="/de/downloads"]', /\/de\/downloads$/],
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
      // Dispatched: the non-language popup covers the page on /de/pricing.
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

// A document's hydration data leaves out the blocks the page already carries as HTML
// (app/content/page-parts.ts): the browser keeps that HTML, follows its links in the app, and
// renders the blocks from the route's data once it navigates back to the page.
test.describe("prerendered blocks sent once", () => {
  test("the home page's content is in its HTML, not again in its hydration data", async ({
    request,
  }) => {
    const html = await (await request.get("/?sent-once=1")).text();
    const data = /streamController\.enqueue\((".*?")\);<\/script>/s.exec(html)?.[1] ?? "";
    expect(data).toContain("parts");
    const question = "What is the 30-day money-back guarantee?";
    expect(html).toContain(question);
    expect(data).not.toContain(question);
    // The route's data, asked for by client navigations, still has every block.
    const routeData = await (await request.get("/_root.data?sent-once=1")).text();
    expect(routeData).toContain(question);
  });

  test("a link in the page's HTML navigates in the app, and back renders the blocks", async ({
    page,
    js,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/?sent-once=2");
    await ready(page, js);
    const faq = page.getByRole("heading", { name: "Frequently asked questions" });
    await expect(faq).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator('main article a[href="/features"]').first().click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.locator("main article.page h1")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?sent-once=2$/);
    await expect(faq).toBeVisible();
    await expect(page.locator("main article.page h1")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // A modifier key leaves the link to the browser (a new tab), as Remix's Link does.
    const opened = page.context().waitForEvent("page");
    await page
      .locator('main article a[href="/features"]')
      .first()
      .click({ modifiers: ["Shift"] });
    await (await opened).close();
    await expect(page).toHaveURL(/\/\?sent-once=2$/);
    expect(errors).toEqual([]);
  });
});
