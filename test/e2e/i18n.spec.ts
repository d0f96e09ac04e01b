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

  test("shows English content with a notice where a page is not translated", async ({ page }) => {
    await page.goto("/de/help/manuals/how-to-use-autofill");
    await page.getByRole("dialog").getByRole("button", { name: "Schließen" }).click();
    await expect(page.getByRole("note")).toContainText("Englisch");
    await expect(page.locator("article")).toHaveAttribute("lang", "en");
  });
});
