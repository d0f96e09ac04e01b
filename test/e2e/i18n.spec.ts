import { BOT_UA, expect, ready, test } from "./fixtures";

test.describe("languages", () => {
  test("serves the home page in English without a prefix", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page).toHaveTitle(/KeyNest/);
  });

  test("serves the home page in German under /de", async ({ page }) => {
    await page.goto("/de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
    await expect(page.locator("h1").first()).not.toHaveText(/every login/i);
  });

  test.describe("a German browser", () => {
    test.use({ locale: "de-DE" });

    test("is redirected from an unprefixed URL to /de", async ({ page }) => {
      await page.goto("/features?ref=mail");
      await expect(page).toHaveURL(/\/de\/features\?ref=mail$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
    });

    test("is not redirected when it is a search-engine bot", async ({ browser }) => {
      const context = await browser.newContext({ locale: "de-DE", userAgent: BOT_UA });
      const page = await context.newPage();
      const response = await page.goto("/features");
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/features");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // A German person gets a redirect there: no shared cache may keep this English page.
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await context.close();
    });
  });

  test("follows the language cookie before the browser language", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lang", value: "fr", url: baseURL! }]);
    await page.goto("/features");
    await expect(page).toHaveURL(/\/fr\/features$/);
  });

  test("never redirects an English visitor", async ({ page }) => {
    await page.goto("/pricing");
    expect(new URL(page.url()).pathname).toBe("/pricing");
  });

  test("switches language from the header and remembers the choice", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".site-header .lang-switch summary").click();
    await page.locator(".site-header").getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/features$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/security");
    await expect(page).toHaveURL(/\/de\/security$/);
  });

  test("switches back to English and stays there", async ({ page, js, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "de", url: baseURL! }]);
    await page.goto("/de/features");
    await ready(page, js);
    await page.locator(".site-footer").getByRole("button", { name: "English" }).click();
    await page.waitForURL((url) => url.pathname === "/features");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  // Blog posts stay English in the sandbox, as many vendors' blogs do: what a CMS may lack.
  test("shows English content under one quiet note where a page is not translated", async ({
    page,
    js,
  }) => {
    await page.goto("/de/blog/passkeys-explained");
    await ready(page, js);
    const note = page.getByRole("note");
    await expect(note).toHaveCount(1);
    await expect(note).toContainText("Englisch");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("article")).toHaveAttribute("lang", "en");
    // Above the content, covering none of it.
    const noteBox = (await note.boundingBox())!;
    const articleBox = (await page.locator("article").boundingBox())!;
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(articleBox.y + 1);

    await note.getByRole("button", { name: "Nicht mehr anzeigen" }).click();
    await expect(page.getByRole("note")).toHaveCount(0);
    await page.goto("/de/blog/public-wifi-myths");
    await expect(page.locator("article")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("note")).toHaveCount(0);
  });

  test("a translated page has no such note", async ({ page }) => {
    for (const path of ["/de/features", "/jp/family", "/fr/downloads"]) {
      await page.goto(path);
      await expect(page.getByRole("note"), path).toHaveCount(0);
    }
  });
});
