import { expect, test as base, type Page } from "@playwright/test";

export { expect };

export const test = base.extend<{ js: boolean }>({
  js: [async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false), { scope: "test" }],
});

/** With JS on, waits until React has hydrated the page (entry.client marks <html>). */
export async function ready(page: Page, js: boolean) {
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
