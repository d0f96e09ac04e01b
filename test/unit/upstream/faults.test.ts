import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/i18n/resources.server";
import { startHttpUpstream, type HttpUpstream } from "../../../mocks/http-upstream";
import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";
import {
  alertsOf,
  getPage,
  h1Of,
  langOf,
  postForm,
  sample,
  TEST_SESSION_SECRET,
  TEST_SITE_URL,
} from "../../support/site-http";

/**
 * The built server (`node build/server.js`, production) in front of an upstream that breaks in
 * every way a real one does (mocks/http-upstream.ts): what visitors get (decision 017).
 * Cached pages keep being served; an uncached page is the error page in its own language with
 * 503 (unavailable, failing, garbled) or 504 (timed out), never a 404 or a bare 500; a form keeps
 * the input and says what the seed says; the circuit breaker opens and closes again; the server
 * never falls over.
 */

const TOKEN = "fault-tests-metrics-token";
let upstream: HttpUpstream;
let site: CompiledSite;

beforeAll(async () => {
  upstream = await startHttpUpstream();
  site = await startCompiledSite({
    API_URL: upstream.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: TEST_SITE_URL,
    METRICS_TOKEN: TOKEN,
    // Short windows, so a test sees a rendered page expire (1 s) and the upstream cache's answers
    // pass their fresh and stale windows (2 s) and be served stale-if-error.
    CACHE_TTL_SECONDS: "1",
    CACHE_STALE_SECONDS: "1",
    // recover() searches from one address until the search breaker closes: no limit in its way.
    SEARCH_RATE_LIMIT: "100000",
  });
}, 40_000);

afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});

const page = (path: string) => getPage(site.url, path);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The state of one family's breaker (0 closed, 1 half-open, 2 open), or the sum of all. */
async function breakerState(family?: string): Promise<number | undefined> {
  const response = await fetch(`${site.url}/metrics`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  return sample(await response.text(), "upstream_circuit_state", family ? { family } : {});
}

let probes = 0;
/**
 * Clears the faults, listens again if stopped, and waits until every breaker has closed: a search
 * and a page nobody asked for before are real calls of the search and content families, so each
 * is its breaker's trial once the pause is over.
 */
async function recover(): Promise<void> {
  upstream.faults.clear();
  await upstream.restart().catch(() => undefined);
  const deadline = Date.now() + 20_000;
  while ((await breakerState()) !== 0) {
    if (Date.now() > deadline) throw new Error("the breakers did not close");
    await page(`/search?q=recovery-${++probes}`);
    await page(`/recovery-${probes}`);
    await sleep(100);
  }
}
afterEach(recover, 30_000);

const errors = (lang: keyof typeof MESSAGES) => MESSAGES[lang].errors;

/** The localized generic error page, never stored, with the status a failing upstream gets. */
function expectErrorPage(
  answer: Awaited<ReturnType<typeof page>>,
  lang: keyof typeof MESSAGES,
  status: 503 | 504,
) {
  expect(answer.status).toBe(status);
  expect(langOf(answer.body)).toBe(lang === "jp" ? "ja" : lang);
  expect(h1Of(answer.body)).toBe(errors(lang).genericTitle);
  expect(answer.body).toContain(errors(lang).undefinedError);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("retry-after")).toBe(status === 503 ? "30" : null);
  expect(answer.body).not.toMatch(/at .*\.(js|ts):\d+/);
}

const FEATURES_TITLE = "Features that make security the easy option";

// Each test drives the compiled server over HTTP (and waits out short cache windows): longer
// than vitest's 5 s default when the machine is busy, though each answer keeps its own bound.
describe("the built server when its upstream fails", { timeout: 20_000 }, () => {
  it("keeps serving pages it has rendered while the upstream refuses connections", async () => {
    for (const path of ["/features", "/de/family"]) expect((await page(path)).status).toBe(200);

    await upstream.stop();
    // Within the upstream answers' TTL the page is rendered from them as before.
    const cached = await page("/features");
    expect(cached.status).toBe(200);
    expect(h1Of(cached.body)).toBe(FEATURES_TITLE);

    // Past it (and past the upstream answers' fresh and stale windows) the page is rendered again
    // from the answers kept for stale-if-error, at once: the breaker soon stops even trying.
    await sleep(2_200);
    for (const [path, lang] of [
      ["/features", "en"],
      ["/de/family", "de"],
      ["/features", "en"],
    ] as const) {
      const stale = await page(path);
      expect(stale.status, path).toBe(200);
      expect(langOf(stale.body)).toBe(lang);
      expect(h1Of(stale.body)).not.toBe(errors(lang).genericTitle);
      expect(stale.ms).toBeLessThan(2_000);
    }

    // A page never rendered before cannot be made up: the French error page, 503.
    expectErrorPage(await page("/fr/features"), "fr", 503);

    await upstream.restart();
    await recover();
    expect((await page("/fr/features")).status).toBe(200);
  });

  it.each([500, 503])(
    "answers an uncached page with the localized 503 page when the upstream answers %i",
    async (status) => {
      expect((await page("/security")).status).toBe(200);
      upstream.faults.set({ path: "", fault: { kind: "status", status } });
      expectErrorPage(await page("/de/security"), "de", 503);
      expectErrorPage(await page("/es/security"), "es", 503);
      // Rendered before: still there.
      await sleep(1_100);
      expect(h1Of((await page("/security")).body)).not.toBe(errors("en").genericTitle);
    },
  );

  it("answers 503 when connections are dropped", async () => {
    upstream.faults.set({ path: "", fault: { kind: "reset" } });
    const dropped = await page("/tr/security");
    expect(dropped.status).toBe(503);
    expectErrorPage(dropped, "tr", 503);
  });

  it("answers 503, never a 404, when an answer is not JSON or lacks the page's fields", async () => {
    expect((await page("/migration")).status).toBe(200);
    upstream.faults.set({ path: "/coms/pages/page/", fault: { kind: "invalid-json" } });
    expectErrorPage(await page("/fr/migration"), "fr", 503);
    upstream.faults.set({ path: "/coms/pages/page/", fault: { kind: "missing-fields" } });
    expectErrorPage(await page("/ru/migration"), "ru", 503);
    // The emptied answer did not replace the page kept from before.
    await sleep(2_200);
    const kept = await page("/migration");
    expect(kept.status).toBe(200);
    expect(h1Of(kept.body)).not.toBe(errors("en").notFoundTitle);
  });

  it("still answers 404 for a page that really does not exist", async () => {
    const missing = await page("/de/no-such-page-anywhere");
    expect(missing.status).toBe(404);
    expect(h1Of(missing.body)).toBe(errors("de").notFoundTitle);
  });

  it(
    "within one upstream timeout: 504 for a page that never answers, 502 and the input kept " +
      "for a form, slow pages rendered within 20 s, a cached page served at once",
    async () => {
      // Pages that exist in their language (no fallback call to the English page).
      for (const path of ["/features", "/jp/features"]) expect((await page(path)).status).toBe(200);
      await sleep(2_200);
      const one = (path: string) => ({ path: "/coms/pages/page/", query: { path } });
      upstream.faults.set(
        { ...one("/tr/features"), fault: { kind: "hang" } },
        { ...one("/features"), fault: { kind: "hang" } },
        { ...one("/es/features"), fault: { kind: "slow", delayMs: 10_000 } },
        { path: "/coms/subscribe/", fault: { kind: "hang" } },
        // Each call of the pricing page answers after 8 s: its page in Ukrainian (empty), in
        // English, its prices and its testimonials, one after another.
        { ...one("/ua/pricing"), fault: { kind: "slow", delayMs: 8_000 } },
        { ...one("/pricing"), fault: { kind: "slow", delayMs: 8_000 } },
        { path: "/orbitshield/sales/", fault: { kind: "slow", delayMs: 8_000 } },
      );
      const started = performance.now();
      const [hung, cached, slow, form, health, slower] = await Promise.all([
        page("/tr/features"),
        page("/features"),
        page("/es/features"),
        postForm(site.url, "/jp/features", {
          _form: "newsletter",
          website_url: "",
          email: "reader@keynest.example",
        }),
        getPage(site.url, "/healthz"),
        page("/ua/pricing"),
      ]);

      // Nothing waits for the others: the server answers its health check at once.
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);

      // The cached page: its refresh hangs, the copy kept is served after a short grace.
      expect(cached.status).toBe(200);
      expect(h1Of(cached.body)).toBe(FEATURES_TITLE);
      expect(cached.ms).toBeLessThan(2_000);

      // The slow page: a correct answer after 10 s is a page.
      expect(slow.status).toBe(200);
      expect(langOf(slow.body)).toBe("es");
      expect(slow.ms).toBeGreaterThanOrEqual(9_900);

      // Four slow calls in a row: the visitor's request has one timeout's worth of upstream time
      // in all, so the page comes after 20 s (without what did not come in time), not after 32 s.
      expect(slower.status).toBe(200);
      expect(langOf(slower.body)).toBe("uk");
      expect(slower.ms).toBeGreaterThanOrEqual(15_900);
      expect(slower.ms).toBeLessThan(22_000);

      // The page that never answers: the error page after the 20 s timeout, as a 504.
      expectErrorPage(hung, "tr", 504);
      expect(hung.ms).toBeGreaterThanOrEqual(19_500);

      // The newsletter that never answers: the page again, the address kept, the seed's message.
      expect(form.status).toBe(502);
      expect(form.body).toContain('value="reader@keynest.example"');
      expect(alertsOf(form.body)).toContain(errors("jp").undefinedError);
      expect(langOf(form.body)).toBe("ja");
      expect(performance.now() - started).toBeLessThan(30_000);
    },
    45_000,
  );

  it("stops calling a failing family (its breaker opens) and calls it again once it is back", async () => {
    upstream.faults.set({ path: "", fault: { kind: "status", status: 503 } });
    for (let i = 0; i < 3; i++) await page(`/zh/breaker-${i}`);
    expect(await breakerState("content")).toBe(2);

    // Open: pages fail at once and nothing reaches the upstream.
    const calls = upstream.received.length;
    expectErrorPage(await page("/zh/security"), "zh", 503);
    expect(upstream.received.length).toBe(calls);
    // The other families' calls still go out (and fail on their own): the search's, here.
    await page("/search?q=breaker-elsewhere");
    expect(upstream.received.length).toBeGreaterThan(calls);

    // Back: after the breaker's pause one trial call closes it, and pages render again.
    upstream.faults.clear();
    await sleep(1_100);
    expect((await page("/zh/security")).status).toBe(200);
    expect(await breakerState("content")).toBe(0);
  });

  it("is still running after all of it, with nothing escaping to a crash", async () => {
    expect(site.alive()).toBe(true);
    expect((await page("/healthz")).status).toBe(200);
    expect(h1Of((await page("/features")).body)).toBe(FEATURES_TITLE);
    expect(site.output()).not.toMatch(/uncaught|unhandled ?rejection/i);
  });
});
