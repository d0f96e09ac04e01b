import { expect, ready, test } from "./fixtures";

/** The titles of the results listed on the page. */
async function titles(page: import("@playwright/test").Page): Promise<string[]> {
  return page.locator(".search-result h2").allInnerTexts();
}

test.describe("search", () => {
  test("pages through every result of 'password'", async ({ page, js }) => {
    await page.goto("/search?q=password");
    await ready(page, js);
    await expect(page).toHaveTitle(/^Search: password \| /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const count = await page.locator(".search-page [aria-live]").innerText();
    const total = Number(/(\d+)/.exec(count)?.[1]);
    expect(total).toBeGreaterThan(10);
    const pages = Math.ceil(total / 10);
    const first = await titles(page);
    expect(first).toHaveLength(10);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute(
      "href",
      "/search?q=password&page=2",
    );
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);

    await page.locator(".pager").getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/search\?q=password&page=2$/);
    await expect(page).toHaveTitle(/^Search: password \(Page 2\) \| /);
    const second = await titles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute(
      "href",
      "/search?q=password",
    );

    const seen = new Set([...first, ...second]);
    for (let n = 3; n <= pages; n++) {
      await page
        .locator(".pager")
        .getByRole("link", { name: `Page ${n}`, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`page=${n}$`));
      await expect(page.locator(".pager [aria-current=page]")).toHaveText(String(n));
      for (const t of await titles(page)) seen.add(t);
    }
    // The last page has no next link, and every result said was reached.
    await expect(page.locator(".pager").getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    expect(seen.size).toBe(total);
  });

  test("titles each result as its page, with its kind, and the language's own pages first", async ({
    page,
    js,
  }) => {
    await page.goto("/de/search?q=phishing");
    await ready(page, js);
    const results = page.locator(".search-result");
    expect(await results.count()).toBeGreaterThan(3);
    const kinds = await page.locator(".search-result__kind").allTextContents();
    // German pages first; the English blog posts after them, each marked as English.
    const firstEnglish = kinds.findIndex((kind) => kind.includes("English"));
    expect(firstEnglish).toBeGreaterThan(0);
    expect(kinds.slice(firstEnglish).every((kind) => kind.includes("English"))).toBe(true);
    const post = results.nth(firstEnglish);
    await expect(post.locator(".search-result__kind")).toHaveText("Blogartikel · English");
    await expect(post.locator("h2")).toHaveAttribute("lang", "en");
    await expect(post.locator(".search-result__excerpt")).toHaveAttribute("lang", "en");
    for (const title of await titles(page)) expect(title).not.toMatch(/\| KeyNest/);
    expect(kinds[0]).toMatch(/^(Seite|Anleitung|Download)$/);

    await page.goto("/search?q=autofill");
    await ready(page, js);
    const english = await page.locator(".search-result__kind").allTextContents();
    expect(english).toContain("Guide");
    expect(english).toContain("Blog post");
    expect(english.some((kind) => kind.includes("·"))).toBe(false);
    // An excerpt is the page's prose: no heading run into a button's words.
    for (const text of await page.locator(".search-result__excerpt").allInnerTexts()) {
      expect(text).not.toMatch(/See plans More articles|Get started Compare plans/);
    }
  });

  test("answers 404 for a page past the last", async ({ page, js }) => {
    const response = await page.goto("/search?q=password&page=99");
    await ready(page, js);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("There are no results on page 99");
    await expect(page.getByRole("link", { name: "Back to the first page" })).toHaveAttribute(
      "href",
      "/search?q=password",
    );
  });

  test("marks the matched words in the excerpt in the page's own case", async ({ page, js }) => {
    await page.goto("/search?q=PASSWORD");
    await ready(page, js);
    const marks = page.locator(".search-result__excerpt mark");
    expect(await marks.count()).toBeGreaterThan(0);
    const marked = await marks.allInnerTexts();
    expect(marked.every((m) => m.toLowerCase() === "password")).toBe(true);
    const excerpts = await page.locator(".search-result__excerpt").allInnerTexts();
    expect(excerpts.some((e) => /[A-Z]/.test(e))).toBe(true);
    const first = page.locator(".search-result").first();
    const title = await first.locator("h2").innerText();
    expect((await first.locator(".search-result__excerpt").innerText()).startsWith(title)).toBe(
      false,
    );
  });

  test("shows a script in the query as text", async ({ page, js }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const q = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await ready(page, js);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toContainText(q);
    expect(await page.locator(".search-page img").count()).toBe(0);
    const html = await response?.text();
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(dialogs).toEqual([]);
  });

  test("refuses an over-long query with 400 and says why", async ({ page, js }) => {
    const response = await page.goto(`/search?q=${"a".repeat(250)}`);
    await ready(page, js);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "Your search is too long: use at most 200 characters.",
    );
    await expect(page.locator("#search-q")).toHaveValue("a".repeat(200));
  });

  test("is German on the German search page", async ({ page, js }) => {
    await page.goto("/de/search?q=Passwort");
    await ready(page, js);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("h1")).toHaveText("Ergebnisse für „Passwort“");
    expect(await page.locator(".search-result__excerpt mark").count()).toBeGreaterThan(0);
    const response = await page.goto("/de/search?q=Passwort&page=99");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Auf Seite 99 gibt es keine Ergebnisse");
  });

  test("without a query offers the search box and the popular pages", async ({ page, js }) => {
    await page.goto("/search");
    await ready(page, js);
    await expect(page.locator("h1")).toHaveText("Search");
    await expect(page.locator("#search-q")).toBeVisible();
    const popular = page.getByRole("navigation", { name: "Popular pages" });
    await expect(popular.getByRole("link")).toHaveCount(4);
    await popular.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("without results says so, with tips and the popular pages", async ({ page, js }) => {
    const response = await page.goto("/search?q=zzqxv");
    await ready(page, js);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText("No results for “zzqxv”");
    const tips = page.getByRole("region", { name: "Search tips" });
    await expect(tips.getByRole("listitem")).toHaveCount(3);
    const popular = page.getByRole("navigation", { name: "Or start from one of these pages" });
    await expect(popular.getByRole("link").first()).toHaveAttribute("href", "/features");
    await expect(page.locator(".pager")).toHaveCount(0);
    // In Japanese, with the Japanese pages' links.
    await page.goto("/jp/search?q=zzqxv");
    await ready(page, js);
    await expect(page.locator("h1")).toHaveText("「zzqxv」に一致する結果はありません");
    await expect(page.locator(".popular-pages a").first()).toHaveAttribute("href", "/jp/features");
  });

  test("pages with a navigation of buttons: previous, numbers, next", async ({ page, js }) => {
    await page.goto("/search?q=password&page=2");
    await ready(page, js);
    const pager = page.getByRole("navigation", { name: "Result pages" });
    await expect(pager.locator("[aria-current=page]")).toHaveText("2");
    await expect(pager.locator("[aria-current=page]")).toHaveClass(/\bbtn\b/);
    const previous = pager.getByRole("link", { name: "Previous" });
    await expect(previous).toHaveAttribute("href", "/search?q=password");
    await expect(previous).toHaveClass(/\bbtn\b/);
    await expect(pager.getByRole("link", { name: "Page 1", exact: true })).toHaveClass(/\bbtn\b/);
    // Buttons of one height in one row on a laptop, all inside the window on a phone.
    const heights = await pager
      .locator("a, [aria-current]")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await previous.click();
    await expect(page).toHaveURL(/\/search\?q=password$/);
    await expect(
      page
        .getByRole("navigation", { name: "Result pages" })
        .getByRole("link", { name: "Previous" }),
    ).toHaveCount(0);
  });

  test("excerpts begin and end with whole words", async ({ page, js }) => {
    await page.goto("/search?q=password");
    await ready(page, js);
    const excerpts = await page.locator(".search-result__excerpt").allInnerTexts();
    expect(excerpts.length).toBeGreaterThan(0);
    for (const excerpt of excerpts) {
      // An ellipsis is followed (at the start) or preceded (at the end) by a letter, no space.
      expect(excerpt).not.toMatch(/^…\s|[\s,]…$/u);
    }
  });
});
