import { describe, expect, it } from "vitest";
import { upstreamFamily } from "~/upstream/families";

/** Every path the site calls (app/upstream/*.server.ts, SPEC §7), with the family it falls in. */
describe("upstream families", () => {
  it.each([
    ["/coms/site/", "content"],
    ["/coms/pages/page/", "content"],
    ["/coms/pages/children/", "content"],
    ["/coms/pages/children-by-url/", "content"],
    ["/coms/pages/children-by-url-pagination/", "content"],
    ["/coms/pages/glossary-page/", "content"],
    ["/coms/pages-cache/", "content"],
    ["/coms/pages-search-v2/", "search"],
    ["/coms/pages-search/", "search"],
    ["/coms/subscribe/", "forms"],
    ["/coms/survey/", "forms"],
    ["/orbitshield/vpn/send/", "forms"],
    ["/orbitshield/vpn/request-oem/", "forms"],
    ["/orbitshield/auth/login/", "auth"],
    ["/orbitshield/auth/fastlogin/", "auth"],
    ["/orbitshield/auth/user-info/", "auth"],
    ["/orbitshield/auth/change-password/", "auth"],
    ["/orbitshield/purchase/url-with-email/", "purchase"],
    ["/orbitshield/purchase/stripe/confirm/", "purchase"],
    ["/orbitshield/purchase-detail-by-hash/", "purchase"],
    ["/orbitshield/sales/price-list/", "sales"],
    ["/orbitshield/sales/price/102/", "sales"],
    ["/orbitshield/sales/check-payment-status/", "sales"],
    ["/orbitshield/sales/trial-accrual/", "sales"],
    ["/orbitshield/keynest-download/", "downloads"],
    ["/orbitshield/vpn-download/", "downloads"],
    ["/orbitshield/firewall-download/", "downloads"],
    ["/orbitshield/geo-ip/", "geo-ip"],
    ["/orbitshield/vpn/servers-locations-list/", "vpn"],
    ["/orbitshield/vpn/geo-locations-list/", "vpn"],
    ["/coms/clear-cache/", "admin"],
    ["/orbitshield/clear-cache/", "admin"],
    // Another brand's provider segment is still the provider service.
    ["/acme/auth/login/", "auth"],
    ["/acme/vpn-download/", "downloads"],
    // Without the leading slash, as a caller may write it.
    ["coms/site/", "content"],
    // What no rule knows shares no breaker with the known families.
    ["/coms/", "other"],
    ["/coms/constructor/", "other"],
    ["/orbitshield/toString/", "other"],
    ["/orbitshield/", "other"],
    ["/orbitshield/unknown-endpoint/", "other"],
    ["/orbitshield/-download/", "other"],
    ["/", "other"],
    ["", "other"],
  ] as const)("%s → %s", (path, family) => {
    expect(upstreamFamily(path)).toBe(family);
  });
});
