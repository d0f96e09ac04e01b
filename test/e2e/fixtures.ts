import { expect, test as base, type Page, type TestInfo } from "@playwright/test";

export { expect };

interface Fixtures {
  js: boolean;
  /** Most tests start with the cookie notice already closed, so it covers nothing they click. */
  cookieNoticeDismissed: boolean;
  /**
   * This test's own client address, sent as `X-Forwarded-For` by every request of its browser
   * context (the e2e server trusts the loopback proxy), so tests that post forms each have their
   * own per-IP rate limit. A test that uses the `request` fixture passes `{ "X-Forwarded-For":
   * clientIp }` itself.
   */
  clientIp: string;
}

export const test = base.extend<Fixtures>({
  js: [async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false), { scope: "test" }],
  cookieNoticeDismissed: [true, { option: true }],
  context: async ({ context, baseURL, cookieNoticeDismissed }, use) => {
    if (cookieNoticeDismissed && baseURL) {
      await context.addCookies([{ name: "dismissed", value: "cookie", url: baseURL }]);
    }
    await use(context);
  },
  clientIp: async ({ context }, use, testInfo) => {
    const ip = clientIpFor(testInfo);
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
    await use(ip);
  },
});

/** An address in 10.0.0.0/8 from the test's id, project and retry (FNV-1a). */
function clientIpFor(testInfo: TestInfo): string {
  let hash = 0x811c9dc5;
  for (const char of `${testInfo.testId}/${testInfo.project.name}/${testInfo.retry}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  hash >>>= 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/** With JS on, waits until React has hydrated the page (the root layout marks <html>). */
export async function ready(page: Page, js: boolean) {
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A second server whose clock is pinned inside the rewards banner window (playwright.config). */
export const CLOCKED_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 1}`;
export const CLOCKED_NOW = "2025-08-01T12:00:00Z";
