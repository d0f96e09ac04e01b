import type { Page, Request } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { watchPolicyViolations } from "./csp-watch";
import {
  CONSENT_URL,
  INGEST_ORIGIN,
  INTEGRATIONS_URL,
  routeThirdParties,
  TAG_MANAGER_ID,
  TAG_MANAGER_URL,
  type ThirdPartyTraffic,
} from "./integrations";

/**
 * SPEC §7–§9 with the integrations configured (the third server of playwright.config.ts, CSP
 * enforced): the consent script and then the tag manager load after the page is idle, with the
 * page's own scripts (trusted under 'strict-dynamic'), unless the visitor refuses tracking or is a speed test; errors thrown in the page
 * reach the error reporter once, router errors not at all.
 */
test.use({ baseURL: INTEGRATIONS_URL });

interface Ran {
  name: string;
  at: number;
  dataLayer: unknown;
}

const ranScripts = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eThirdParties?: Ran[] }).e2eThirdParties ?? []);

/** Waits until the integrations have started (error reporting is on) and the network is quiet. */
async function settled(page: Page) {
  await ready(page, true);
  await expect(page.locator("html")).toHaveAttribute("data-error-reporting", "on");
  await page.waitForLoadState("networkidle");
}

/** The chunk that decides on the tag manager and consent script, loaded for every visitor. */
const TAGGING_CHUNK = /\/assets\/tagging\.client-[\w-]+\.js$/;

/**
 * Waits until the tagging chunk (`chunk`: its request, awaited from before the page opened) has
 * run and decided: it adds the consent script, if at all, in the turn it runs, so by the next
 * task any script it was going to add is in the page.
 */
async function taggingDecided(page: Page, chunk: Promise<Request>) {
  const src = (await chunk).url();
  await page.evaluate(async (url) => {
    await import(url);
    await new Promise((resolve) => setTimeout(resolve));
  }, src);
}

/** The page's scripts from other hosts (every tag and the consent script are one). */
const foreignScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>("script[src^='https://']")].map((s) => s.src),
  );

/**
 * Throws `message` in the page's next task and waits until its report has arrived; returns the
 * messages of the reports that arrived before it. The reporter sends each report as it meets its
 * error, in order, so a report the page was going to send about anything earlier is among them.
 */
async function reportsBefore(
  page: Page,
  traffic: ThirdPartyTraffic,
  message: string,
): Promise<(string | undefined)[]> {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
  const messages = () => traffic.events.map((event) => event.exception?.values?.[0]?.value);
  await expect.poll(messages).toContain(message);
  return messages().slice(0, messages().indexOf(message));
}

test.describe("tag manager and consent script", () => {
  test("load after the page, consent first, trusted as added by the page's scripts", async ({
    page,
  }) => {
    const violations = await watchPolicyViolations(page);
    const traffic = await routeThirdParties(page);
    const response = await page.goto("/features");
    const csp = response?.headers()["content-security-policy"] ?? "";
    // A tag manager loads tags from hosts nobody can list: scripts trust what they add.
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toMatch(/^'self' 'sha256-.*'strict-dynamic'/);
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("https://*.googletagmanager.com");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/errors\.ingest\.test/);

    await expect
      .poll(() => ranScripts(page).then((ran) => ran.map((r) => r.name)))
      .toEqual(["consent", "tag-manager"]);
    const tagRequests = traffic.requests.filter((url) => !url.startsWith(INGEST_ORIGIN));
    expect(tagRequests).toEqual([CONSENT_URL, TAG_MANAGER_URL]);

    // Both ran after the page's load event, and the container found its start event.
    const loadEnd = await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    const [consent, tags] = await ranScripts(page);
    expect(loadEnd).toBeGreaterThan(0);
    expect(consent?.at).toBeGreaterThanOrEqual(loadEnd);
    expect(tags?.at).toBeGreaterThan(consent?.at ?? Infinity);
    expect(tags?.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);

    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>("script[src^='https://']")].map((s) => ({
        src: s.src,
        id: s.id,
        site: s.dataset.siteId ?? null,
      })),
    );
    expect(scripts).toEqual([
      { src: CONSENT_URL, id: "e2e-cmp", site: "keynest-e2e" },
      { src: TAG_MANAGER_URL, id: "", site: null },
    ]);
    // The page hydrated and its module scripts ran under 'strict-dynamic' too.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await violations()).toEqual([]);
  });

  test("the page adds no third-party script itself: the browser decides", async ({ request }) => {
    const html = await (await request.get("/features")).text();
    expect(html).not.toMatch(/<script[^>]*\ssrc="https?:/);
    // The configuration travels in the page's data, the same for every visitor.
    expect(html).toContain(TAG_MANAGER_ID);
  });

  const refusals: [string, () => void][] = [
    [
      "navigator.doNotTrack is '1'",
      () => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }),
    ],
    ["window.doNotTrack is '1'", () => Object.defineProperty(window, "doNotTrack", { value: "1" })],
    [
      "Global Privacy Control is on",
      () => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    ],
  ];
  for (const [name, signal] of refusals) {
    test(`are not loaded when ${name}`, async ({ page }) => {
      const traffic = await routeThirdParties(page);
      await page.addInitScript(signal);
      const chunk = page.waitForRequest(TAGGING_CHUNK);
      await page.goto("/features");
      await settled(page);
      await taggingDecided(page, chunk);
      expect(await foreignScripts(page)).toEqual([]);
      expect(traffic.requests.filter((url) => !url.startsWith(INGEST_ORIGIN))).toEqual([]);
      expect(await ranScripts(page)).toEqual([]);
    });
  }

  test.describe("for a Lighthouse run", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
    });

    test("are not loaded", async ({ page }) => {
      const traffic = await routeThirdParties(page);
      const chunk = page.waitForRequest(TAGGING_CHUNK);
      await page.goto("/features");
      await settled(page);
      await taggingDecided(page, chunk);
      expect(await foreignScripts(page)).toEqual([]);
      expect(traffic.requests.filter((url) => !url.startsWith(INGEST_ORIGIN))).toEqual([]);
    });
  });
});

test.describe("error reporting", () => {
  test("an error thrown in the page is reported once, with its environment", async ({ page }) => {
    const traffic = await routeThirdParties(page);
    await page.goto("/pricing?q=private");
    await settled(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: thrown in the page");
      });
    });
    await expect.poll(() => traffic.events.length).toBe(1);
    // A later error's report follows this one's alone.
    expect(await reportsBefore(page, traffic, "e2e: a later error")).toEqual([
      "e2e: thrown in the page",
    ]);
    const [event] = traffic.events;
    expect(event?.exception?.values?.[0]?.value).toBe("e2e: thrown in the page");
    expect(event).toMatchObject({ environment: "e2e", release: "keynest-site@e2e" });
    // No query string leaves the browser.
    expect(event?.request?.url).toBe(`${INTEGRATIONS_URL}/pricing`);
  });

  test("cancelled navigations, aborts and redirects are not reported", async ({ page }) => {
    const traffic = await routeThirdParties(page);
    await page.goto("/");
    await settled(page);

    // A navigation the visitor cancels by clicking elsewhere while it loads.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Counts the held requests for /pricing's data (a hover may prefetch it too).
    let cancelled = 0;
    await page.route(/\/pricing\.data/, async (route) => {
      cancelled += 1;
      await held;
      await route.continue().catch(() => undefined);
    });
    const header = page.locator(".site-header");
    await header.getByRole("link", { name: "Pricing" }).first().click();
    await header.getByRole("link", { name: "Features" }).first().click();
    await expect(page).toHaveURL(/\/features$/);
    expect(cancelled).toBeGreaterThanOrEqual(1);
    release();

    // Router errors that escape as unhandled rejections, until the page has dispatched all three
    // (the reporter's handler, installed first, has met each by then).
    await page.evaluate(async () => {
      const dispatched = new Promise<void>((resolve) => {
        let count = 0;
        window.addEventListener("unhandledrejection", () => {
          if (++count === 3) resolve();
        });
      });
      void Promise.reject(new DOMException("The operation was aborted.", "AbortError"));
      void Promise.reject(new Response(null, { status: 302, headers: { Location: "/de" } }));
      const duplicate = new Error('Avoided redundant navigation to current location: "/".');
      duplicate.name = "NavigationDuplicated";
      void Promise.reject(duplicate);
      await dispatched;
    });
    // Then a real fault, which must be the only report.
    expect(await reportsBefore(page, traffic, "e2e: the only real fault")).toEqual([]);
    expect(traffic.events.map((event) => event.exception?.values?.[0]?.value)).toEqual([
      "e2e: the only real fault",
    ]);
  });
});
