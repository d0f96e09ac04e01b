import { expect, ready, test } from "./fixtures";

const head = (selector: string) => `head ${selector}`;

test.describe("blog list pages", () => {
  test("page 1 and page 2 have their own title, canonical and rel links", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/blog");
    await ready(page, javaScriptEnabled);
    const firstTitle = await page.title();
    expect(firstTitle).not.toMatch(/page 2/);
    await expect(page.locator(head('link[rel="canonical"]'))).toHaveAttribute("href", /\/blog$/);
    await expect(page.locator(head('link[rel="prev"]'))).toHaveCount(0);
    await expect(page.locator(head('link[rel="next"]'))).toHaveAttribute("href", /\/blog\?page=2$/);

    // A plain link (a full page load without JS, a client navigation with it).
    await page.locator(".pager").getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page).toHaveTitle(`${firstTitle} — page 2`);
    await expect(page.locator(head('link[rel="canonical"]'))).toHaveAttribute(
      "href",
      /\/blog\?page=2$/,
    );
    await expect(page.locator(head('link[rel="prev"]'))).toHaveAttribute("href", /\/blog$/);
    // The last page links to no next page.
    await expect(page.locator(head('link[rel="next"]'))).toHaveCount(0);
    await expect(page.locator(".pager").getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.locator('.pager [aria-current="page"]')).toHaveText("2");

    await page.locator(".pager").getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle(firstTitle);
  });

  test("a page past the last, and a malformed page, are localized 404s", async ({ page }) => {
    for (const query of ["?page=99", "?page=0", "?page=-1", "?page=abc", "?page=99999999999"]) {
      const response = await page.goto(`/blog${query}`);
      expect(response?.status(), query).toBe(404);
      await expect(page.locator("text=No posts yet.")).toHaveCount(0);
    }
    const response = await page.goto("/de/blog?page=99");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", /^de/);
  });

  test("card titles leave out the blog's suffix", async ({ page }) => {
    await page.goto("/blog");
    const titles = await page.locator(".blog-list .card__title").allTextContents();
    expect(titles.length).toBe(9);
    for (const title of titles) expect(title).not.toMatch(/\|/);
  });

  test("a German blog page lists posts and pages", async ({ page, javaScriptEnabled }) => {
    const response = await page.goto("/de/blog?page=2");
    expect(response?.status()).toBe(200);
    await ready(page, javaScriptEnabled);
    await expect(page).toHaveTitle(/— Seite 2$/);
    expect(await page.locator(".blog-list .card").count()).toBeGreaterThan(0);
    // The index is German (its posts are English): canonical and neighbours are German pages,
    // the English index its alternate.
    await expect(page.locator(head('link[rel="canonical"]'))).toHaveAttribute(
      "href",
      /\/de\/blog\?page=2$/,
    );
    await expect(page.locator(head('link[rel="prev"]'))).toHaveAttribute("href", /\/de\/blog$/);
    await expect(page.locator(head('link[rel="alternate"][hreflang="en"]'))).toHaveAttribute(
      "href",
      /\d\/blog\?page=2$/,
    );
    // The visitor's own links stay in German.
    const first = page.locator(".pager").getByRole("link", { name: "Seite 1" });
    await expect(first).toHaveAttribute("href", "/de/blog");
  });

  test("say which listed posts are in English, and mark their words as English", async ({
    page,
  }) => {
    await page.goto("/de/blog");
    const cards = page.locator(".blog-list .card");
    expect(await cards.count()).toBeGreaterThan(3);
    for (const card of await cards.all()) {
      await expect(card.locator(".card__language")).toHaveText("English");
      await expect(card.locator(".card__title")).toHaveAttribute("lang", "en");
    }
    // The date is the page's own, in German.
    await expect(cards.first().locator("time")).toHaveText(/\d{1,2}\. \p{L}+ \d{4}/u);
    await page.goto("/blog");
    await expect(page.locator(".blog-list .card__language")).toHaveCount(0);
  });
});

test.describe("blog post pages", () => {
  test("show author, date, cover image and related posts", async ({ page }) => {
    await page.goto("/blog/public-wifi-myths");
    const header = page.locator(".post-header");
    await expect(header.locator("h1")).toBeVisible();
    await expect(header).toContainText("Jonas Berg");
    await expect(header.locator("time")).toHaveAttribute("datetime", "2026-07-07");
    await expect(header.locator("img")).toHaveCount(1);
    const related = page.locator(".related-posts .card__link");
    await expect(related).toHaveCount(3);
    for (const href of await related.evaluateAll((links) =>
      links.map((a) => a.getAttribute("href")),
    )) {
      expect(href).not.toBe("/blog/public-wifi-myths");
    }
  });
});

test.describe("the blog's feed", () => {
  const FEED = 'link[rel="alternate"][type="application/atom+xml"]';

  test("is announced on the blog's index and posts in their language, and nowhere else", async ({
    page,
    baseURL,
  }) => {
    for (const [path, feed] of [
      ["/blog", "/blog/feed.xml"],
      ["/blog/public-wifi-myths", "/blog/feed.xml"],
      ["/de/blog?page=2", "/de/blog/feed.xml"],
      ["/jp/blog/passkeys-explained", "/jp/blog/feed.xml"],
    ]) {
      await page.goto(path!);
      await expect(page.locator(head(FEED)), path).toHaveAttribute("href", `${baseURL}${feed}`);
      await expect(page.locator(head(FEED)), path).toHaveAttribute("title", /\S/);
    }
    await page.goto("/de/features");
    await expect(page.locator(head(FEED))).toHaveCount(0);
  });

  test("is an Atom feed of every post, with absolute links, from the built server", async ({
    page,
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    for (const [path, lang] of [
      ["/blog/feed.xml", "en"],
      ["/de/blog/feed.xml", "de"],
      ["/ua/blog/feed.xml", "uk"],
    ]) {
      const answer = await request.get(path!);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["content-type"], path).toBe("application/atom+xml; charset=utf-8");
      expect(answer.headers()["cache-control"], path).toMatch(/^public, max-age=\d+, s-maxage=/);
      const xml = await answer.text();
      expect(xml).toContain(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`);
      expect(xml).toContain(`<link rel="self" href="${baseURL}${path}"/>`);
      // The posts the blog index of that language lists, over its two pages.
      const index = path!.replace(/\/feed\.xml$/, "");
      const listed: string[] = [];
      for (const query of ["", "?page=2"]) {
        const html = await (await request.get(`${index}${query}`)).text();
        for (const [tag] of html.matchAll(/<a\b[^>]*\bclass="card__link"[^>]*>/g)) {
          listed.push(`${baseURL}${/\bhref="([^"]*)"/.exec(tag)?.[1]}`);
        }
      }
      expect(listed.length, path).toBeGreaterThan(9);
      const links = [...xml.matchAll(/<link href="([^"]*)"\/>/g)].map((m) => m[1]);
      expect(links.toSorted(), path).toEqual(listed.toSorted());
      if (javaScriptEnabled) {
        // The browser's own XML parser: a well-formed document in the Atom namespace.
        await page.goto("/robots.txt");
        const parsed = await page.evaluate((source) => {
          const doc = new DOMParser().parseFromString(source, "application/xml");
          const atom = "http://www.w3.org/2005/Atom";
          return {
            errors: doc.getElementsByTagName("parsererror").length,
            root: doc.documentElement.namespaceURI,
            entries: doc.getElementsByTagNameNS(atom, "entry").length,
          };
        }, xml);
        expect(parsed).toEqual({
          errors: 0,
          root: "http://www.w3.org/2005/Atom",
          entries: listed.length,
        });
      }
    }
    // A junk two-letter prefix goes, as on every path; any other unknown prefix is no file.
    const junk = await request.get("/xx/blog/feed.xml", { maxRedirects: 0 });
    expect(junk.status()).toBe(301);
    expect(junk.headers()["location"]).toBe("/blog/feed.xml");
    const unknown = await request.get("/deu/blog/feed.xml");
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  });
});
