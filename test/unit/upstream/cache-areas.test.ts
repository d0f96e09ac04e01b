import { describe, expect, it } from "vitest";
import { cacheAreaOf, cacheAreaOfPath } from "~/upstream/cache-areas";

/** Every path whose answers the site caches (app/upstream/*.server.ts), with the area it is kept in. */
describe("upstream cache areas", () => {
  it.each([
    ["/coms/site/", "site"],
    ["/coms/pages/page/", "content"],
    ["/coms/pages/children/", "content"],
    ["/coms/pages/children-by-url/", "content"],
    ["/coms/pages/children-by-url-pagination/", "content"],
    ["/coms/pages/glossary-page/", "content"],
    ["/coms/pages-search-v2/", "search"],
    ["/coms/pages-search/", "search"],
    ["/orbitshield/sales/price-list/", "prices"],
    ["/orbitshield/sales/price/102/", "prices"],
    ["/orbitshield/sales/price-service/", "prices"],
    ["/orbitshield/sales/comments/", "site"],
    ["/orbitshield/vpn/servers-locations-list/", "site"],
    ["/orbitshield/vpn/geo-locations-list/", "site"],
    ["/orbitshield/keynest-download/", "site"],
    ["/orbitshield/firewall-download/", "site"],
    // An endpoint no rule knows is kept with the content pages (CACHE_MAX_ENTRIES).
    ["/coms/something-new/", "content"],
    ["/orbitshield/something-new/", "content"],
  ])("%s is kept in %s", (path, area) => {
    expect(cacheAreaOfPath(path)).toBe(area);
  });

  it.each([
    ["/coms/pages-search-v2/?lang=en&page=1&query=vault&size=10", "search"],
    ["/coms/pages/page/?path=/search", "content"],
    ["/coms/site/?lang=de", "site"],
    ["POST /orbitshield/sales/price-list/?#101,102", "prices"],
    ["POST /orbitshield/sales/price-service/?#VPNSERVER", "prices"],
  ])("the cache key %s is kept in %s", (key, area) => {
    expect(cacheAreaOf(key)).toBe(area);
  });
});
