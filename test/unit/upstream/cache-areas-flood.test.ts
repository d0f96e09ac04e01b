import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/config/config.server";
import { getPage, getSite, searchPages } from "~/upstream/coms.server";
import { getPriceList } from "~/upstream/sales.server";
import { upstream as upstreamClient } from "~/upstream/client.server";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

/**
 * The process-wide upstream cache keeps answers in areas of their own (decision 017's revision
 * of 2026-12-03): every distinct search text is an answer, and a flood of them must never push
 * out the content pages, site data and prices that an upstream outage is served from.
 */
const upstream = setupSandboxUpstream({ CACHE_TTL_SECONDS: "1", CACHE_STALE_SECONDS: "1" });

// cachified dates entries by Date.now(): the test moves the system clock (timers stay real).
afterEach(() => void vi.useRealTimers());

/** Every call to the upstream fails as if it were down (connection refused). */
function outage() {
  upstream.server.use(http.all(`${getConfig().apiUrl}/api/*`, () => HttpResponse.error()));
}

describe("the upstream cache's areas", { timeout: 60_000 }, () => {
  it("serves pages, site data and prices during an outage after a flood of 5,000 distinct searches", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2025-08-01T12:00:00Z") });
    const site = await getSite("en");
    const security = await getPage("en", "/security");
    const features = await getPage("de", "/features");
    const prices = await getPriceList([101, 102]);
    expect(security?.page.components.length).toBeGreaterThan(0);
    expect(features?.contentLang).toBe("de");
    expect(prices.length).toBe(2);

    // One answer per search text, as a script asking /search.data?q=<random> makes them.
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages-search-v2/"), () =>
        HttpResponse.json({ results: [], total: 0 }),
      ),
    );
    for (let i = 0; i < 5_000; i++) await searchPages("en", `flood ${i}`);
    // The upstream goes down, and every kept answer is past its fresh and stale windows.
    outage();
    vi.setSystemTime(Date.now() + 3_000);
    await expect(getSite("en")).resolves.toEqual(site);
    await expect(getPage("en", "/security")).resolves.toEqual(security);
    await expect(getPage("de", "/features")).resolves.toEqual(features);
    await expect(getPriceList([101, 102])).resolves.toEqual(prices);
    // The newest searches are kept too, within their own area's bound.
    await expect(searchPages("en", "flood 4999")).resolves.toEqual({ results: [], total: 0 });
    const { max, areas } = getConfig().cache;
    expect(upstreamClient().cache!.size).toBeLessThanOrEqual(
      max + areas.site + areas.search + areas.prices,
    );
  });
});
