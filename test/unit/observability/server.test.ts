import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpUpstream, type HttpUpstream } from "../../../mocks/http-upstream";
import { freePort, startCompiledSite, type CompiledSite } from "../../support/compiled-site";
import { getPage, sample, TEST_SESSION_SECRET, TEST_SITE_URL } from "../../support/site-http";

/**
 * Readiness and metrics of the built server (decision 017), against an upstream over HTTP that
 * the tests stop, start and break (mocks/http-upstream.ts).
 */

const TOKEN = "observability-tests-token";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("metrics", () => {
  let upstream: HttpUpstream;
  let site: CompiledSite;
  let metricsPort: number;

  beforeAll(async () => {
    upstream = await startHttpUpstream();
    metricsPort = await freePort();
    site = await startCompiledSite({
      API_URL: upstream.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SITE_URL: TEST_SITE_URL,
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    });
  }, 40_000);
  afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("serves them on their own port, and on the site's port only with the token", async () => {
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(own.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await own.text();
    // Node's process metrics are there too.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeDefined();

    // With METRICS_TOKEN set, the separate port asks for it as well; only /metrics is there.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(404);
    const other = `http://127.0.0.1:${metricsPort}/features`;
    expect((await fetch(other, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );

    const onSite = (authorization?: string) =>
      fetch(`${site.url}/metrics`, {
        headers: {
          Accept: "text/html",
          ...(authorization ? { Authorization: authorization } : {}),
        },
      });
    const allowed = await onSite(`Bearer ${TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("cache-control")).toBe("no-store");
    expect(await allowed.text()).toContain("# TYPE http_request_duration_seconds histogram");
    // Without the token, or with another, it is the site's ordinary 404 page.
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const refused = await onSite(authorization);
      expect(refused.status).toBe(404);
      const body = await refused.text();
      expect(body).toContain("This page could not be found");
      expect(body).not.toContain("http_request_duration_seconds");
    }
  });

  it("count requests by route and never name a raw URL", async () => {
    const before = await scrape();
    const pages = (text: string) =>
      sample(text, "http_request_duration_seconds_count", {
        route: "page/content",
        method: "GET",
        status: "2xx",
      }) ?? 0;
    const searches = (text: string) =>
      sample(text, "http_request_duration_seconds_count", { route: "page/search" }) ?? 0;

    expect((await getPage(site.url, "/de/security")).status).toBe(200);
    expect((await getPage(site.url, "/de/security")).status).toBe(200);
    expect((await getPage(site.url, "/security?utm_source=x-marker-1")).status).toBe(200);
    await getPage(site.url, "/search?q=x-marker-2");
    await getPage(site.url, "/jp/search?q=x-marker-3");
    await getPage(site.url, "/x-marker-4/no/such/page");

    const after = await scrape();
    expect(pages(after) - pages(before)).toBe(3);
    expect(searches(after) - searches(before)).toBe(2);
    expect(
      sample(after, "http_request_duration_seconds_count", {
        route: "page/content",
        status: "4xx",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain("x-marker");
    expect(sample(after, "upstream_requests_total", { service: "coms" })).toBeGreaterThan(0);
    expect(sample(after, "upstream_cache_lookups_total", { result: "fresh" })).toBeGreaterThan(0);
  });

  it("count upstream errors by service and code after a fault", async () => {
    upstream.faults.set({
      path: "/orbitshield/sales/",
      fault: { kind: "status", status: 503 },
    });
    try {
      // The checkout asks the sales service for the plan; it fails, the page says so.
      expect((await getPage(site.url, "/order/checkout?plan=101")).status).toBe(503);
    } finally {
      upstream.faults.clear();
    }
    const text = await scrape();
    expect(
      sample(text, "upstream_errors_total", { service: "sales", code: "HTTP_503" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "upstream_errors_total", { service: "coms" }) ?? 0).toBe(
      sample(text, "upstream_errors_total", { service: "coms", code: "HTTP_404" }) ?? 0,
    );
  });

  it("show a family's breaker open after repeated failures, and closed once the upstream is back", async () => {
    const search = { family: "search" };
    expect(sample(await scrape(), "upstream_circuit_state")).toBe(0);
    upstream.faults.set({ path: "", fault: { kind: "status", status: 500 } });
    for (let i = 0; i < 3; i++) await getPage(site.url, `/search?q=breaker-${i}`);
    const open = await scrape();
    expect(sample(open, "upstream_circuit_state", search)).toBe(2);
    // One series per family: those the searches never called are still closed.
    expect(sample(open, "upstream_circuit_state", { family: "auth" })).toBe(0);
    await getPage(site.url, "/search?q=breaker-refused");
    expect(
      sample(await scrape(), "upstream_errors_total", { service: "coms", code: "CIRCUIT_OPEN" }),
    ).toBeGreaterThanOrEqual(1);

    upstream.faults.clear();
    await sleep(1_100);
    await getPage(site.url, "/search?q=breaker-trial");
    expect(sample(await scrape(), "upstream_circuit_state", search)).toBe(0);
  });
});

describe("readiness", () => {
  let upstream: HttpUpstream;
  let site: CompiledSite;

  beforeAll(async () => {
    upstream = await startHttpUpstream();
    // The upstream is down before the site starts: nothing cached, nothing ever answered.
    await upstream.stop();
    site = await startCompiledSite({
      API_URL: upstream.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SITE_URL: TEST_SITE_URL,
      LOG_LEVEL: "info",
    });
  }, 40_000);
  afterAll(async () => {
    await site?.stop();
    await upstream?.stop().catch(() => undefined);
  });

  const readyz = async () => {
    const response = await fetch(`${site.url}/readyz`, { redirect: "manual" });
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      body: (await response.json()) as { status: string },
    };
  };
  /** Why: in the log when it changes (and in /metrics), never in the answer. */
  const readinessLog = () => site.messages().filter((msg) => msg.startsWith("Readiness: "));

  it("is 503 while the upstream is down and the cache cold, 200 once it answers", async () => {
    const down = await readyz();
    expect(down).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: { status: "unavailable" },
    });
    // Asked again and again (a load balancer every few seconds): still 503, and it stays cheap —
    // once the breaker is open, no call is even tried.
    for (let i = 0; i < 4; i++) expect((await readyz()).status).toBe(503);

    await upstream.restart();
    const deadline = Date.now() + 10_000;
    let answer = await readyz();
    while (answer.status !== 200 && Date.now() < deadline) {
      await sleep(200);
      answer = await readyz();
    }
    expect(answer).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready" },
    });
    // Logged once per change, not once per check.
    await expect
      .poll(readinessLog, { timeout: 3_000 })
      .toEqual([
        "Readiness: unavailable (upstream-unavailable; was none)",
        "Readiness: ready (upstream; was upstream-unavailable)",
      ]);
  }, 20_000);

  it("stays 200 while the upstream is down if the cache can serve pages", async () => {
    expect((await getPage(site.url, "/features")).status).toBe(200);
    await upstream.stop();
    // Pages nobody asked for before: calls to the content service, which fail and open its breaker.
    for (let i = 0; i < 3; i++) await getPage(site.url, `/down-${i}`);
    expect(await readyz()).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready" },
    });
    await expect
      .poll(readinessLog, { timeout: 3_000 })
      .toContain("Readiness: ready (cache; was upstream)");
    await upstream.restart();
  });

  it("is not swayed by a failing family pages do not need", async () => {
    // Let the content breaker's pause pass and a page close it again.
    await sleep(1_100);
    await expect.poll(async () => (await getPage(site.url, "/down-trial")).status).toBe(404);
    upstream.faults.set({ path: "/orbitshield/", fault: { kind: "status", status: 500 } });
    try {
      for (let i = 0; i < 5; i++) {
        const handOff = `/api/orbitshield/keynest-download/?platform=windows&i=${i}`;
        expect((await getPage(site.url, handOff)).status).toBe(503);
      }
      expect(await readyz()).toMatchObject({ status: 200, body: { status: "ready" } });
      // Still ready because the content service answers, not only thanks to the cache.
      await expect
        .poll(() => readinessLog().at(-1), { timeout: 3_000 })
        .toBe("Readiness: ready (upstream; was cache)");
    } finally {
      upstream.faults.clear();
    }
  });

  it("is never redirected and never logged", async () => {
    expect((await fetch(`${site.url}/readyz`, { redirect: "manual" })).status).toBe(200);
    const sent = await fetch(`${site.url}/readyz`, {
      headers: { "Accept-Language": "de", Accept: "text/html" },
      redirect: "manual",
    });
    expect(sent.status).toBe(200);
    await getPage(site.url, "/features");
    // Request lines are written in batches, at the latest a second later.
    await expect.poll(() => site.output(), { timeout: 3_000 }).toContain('"path":"/features"');
    expect(site.output()).not.toContain("/readyz");
    expect(site.output()).not.toContain("/healthz");
  });
});
