import type { Page } from "@playwright/test";

/**
 * The third server of playwright.config.ts has every optional third party configured: a tag
 * manager (Google's default host), a consent script and an error-reporting DSN. Nothing here can
 * reach those hosts, so tests answer them with `routeThirdParties` and note what was asked for.
 */
export const TAG_MANAGER_ID = "GTM-E2E0TEST";
export const TAG_MANAGER_URL = `https://www.googletagmanager.com/gtm.js?id=${TAG_MANAGER_ID}`;
export const CONSENT_URL = "https://consent.cmp.test/cmp.js";
export const INGEST_ORIGIN = "https://errors.ingest.test";
export const DSN_KEY = "e2e0public0key";

export const INTEGRATIONS_ENV = {
  TAG_MANAGER_ID,
  CONSENT_SCRIPT_URL: CONSENT_URL,
  CONSENT_SCRIPT_ATTRIBUTES: "id=e2e-cmp,data-site-id=keynest-e2e",
  SENTRY_DSN: `https://${DSN_KEY}@errors.ingest.test/4242`,
  SENTRY_ENVIRONMENT: "e2e",
  SENTRY_RELEASE: "keynest-site@e2e",
};

export const INTEGRATIONS_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 2}`;

/** Each stand-in notes, when it runs, its name and the time since navigation start. */
const standIn = (name: string) => `
window.e2eThirdParties = window.e2eThirdParties || [];
window.e2eThirdParties.push({
  name: ${JSON.stringify(name)},
  at: performance.now(),
  dataLayer: JSON.parse(JSON.stringify(window.dataLayer || null)),
});`;

export interface ReportedEvent {
  environment?: string;
  release?: string;
  request?: { url?: string };
  exception?: { values?: { type?: string; value?: string }[] };
}

export interface ThirdPartyTraffic {
  /** Third-party requests in the order they were made (URLs). */
  requests: string[];
  /** The error events the ingest stand-in received (transactions left out). */
  events: ReportedEvent[];
}

/** Answers the tag manager, the consent script and the ingest; notes every request to them. */
export async function routeThirdParties(page: Page): Promise<ThirdPartyTraffic> {
  const traffic: ThirdPartyTraffic = { requests: [], events: [] };
  await page.route(
    (url) => url.href === TAG_MANAGER_URL,
    async (route) => {
      traffic.requests.push(route.request().url());
      await route.fulfill({ contentType: "text/javascript", body: standIn("tag-manager") });
    },
  );
  await page.route(CONSENT_URL, async (route) => {
    traffic.requests.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: standIn("consent") });
  });
  await page.route(
    (url) => url.origin === INGEST_ORIGIN,
    async (route) => {
      traffic.requests.push(route.request().url());
      const lines = (route.request().postData() ?? "").split("\n").filter(Boolean);
      const items = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      items.forEach((item, i) => {
        if (i > 0 && (items[i - 1] as { type?: string }).type === "event") {
          traffic.events.push(item as ReportedEvent);
        }
      });
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: "{}",
      });
    },
  );
  return traffic;
}

/** Requests the page makes to any origin but its own (with or without JS). */
export function foreignRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("data:") && new URL(url).origin !== origin) seen.push(url);
  });
  return seen;
}
