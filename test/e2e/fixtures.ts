import { randomInt } from "node:crypto";
import { expect, test as base, type Page } from "@playwright/test";

export { expect };

/** An address from the benchmarking range (198.18.0.0/15) for one test's visitor. */
export function visitorIp(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

interface Fixtures {
  js: boolean;
  /** This test's visitor address: the server trusts it from loopback (TRUST_PROXY). */
  clientIp: string;
  /** Most tests start with the cookie notice already closed, so it covers nothing they click. */
  cookieNoticeDismissed: boolean;
}

export const test = base.extend<Fixtures>({
  js: [async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false), { scope: "test" }],
  cookieNoticeDismissed: [true, { option: true }],
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  clientIp: [async ({}, use) => use(visitorIp()), { scope: "test" }],
  // Every page and request of the test comes from the test's own visitor address, so per-IP
  // form limits count per test.
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "X-Forwarded-For": clientIp }),
  context: async ({ context, baseURL, cookieNoticeDismissed }, use) => {
    if (cookieNoticeDismissed && baseURL) {
      await context.addCookies([{ name: "dismissed", value: "cookie", url: baseURL }]);
    }
    await use(context);
  },
});

/** With JS on, waits until React has hydrated the page (the root layout marks <html>). */
export async function ready(page: Page, js: boolean) {
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * With JS, waits until the page's scripts have done what they do by themselves: the document and
 * everything it asked for have loaded, the network has gone quiet, and then the page's main
 * thread has been idle (an idle callback runs after the tasks already queued, React's rendering
 * and effects among them). What has not happened by then does not happen on its own.
 */
export async function scriptsSettled(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A second server whose clock is pinned inside the rewards banner window (playwright.config). */
export const CLOCKED_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 1}`;
export const CLOCKED_NOW = "2025-08-01T12:00:00Z";

/**
 * With JS a card is paid on the checkout's own card step (checkout-card.js-only.spec.ts); tests
 * that follow the hosted payment page reach it with another method (`label`). Without JS every
 * method goes to the hosted page, card included.
 */
export async function hostedMethod(page: Page, js: boolean, label = "PayPal") {
  if (js) await page.getByLabel(label).check();
}
