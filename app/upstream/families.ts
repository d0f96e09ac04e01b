/**
 * The upstream's endpoint families: each has a circuit breaker of its own (client.server.ts), so
 * calls that keep failing in one — a download hand-off a visitor can ask for as often as they
 * like, say — stop only that family, never signing in, the forms or the checkout.
 *
 * A family is a set of endpoints that serve one part of the site and fail together: the content
 * service's pages and site data (what every page needs, and what readiness looks at) apart from
 * its search and its form posts; the provider service by its own sub-services (auth, purchase,
 * sales, VPN), with its stand-alone endpoints (downloads, geo-ip) each on their own.
 */
export const UPSTREAM_FAMILIES = [
  "content",
  "search",
  "forms",
  "auth",
  "purchase",
  "sales",
  "downloads",
  "geo-ip",
  "vpn",
  "admin",
  "other",
] as const;

export type UpstreamFamily = (typeof UPSTREAM_FAMILIES)[number];

/** The content service's endpoints, by the segment after `coms`. */
const COMS_FAMILIES = new Map<string, UpstreamFamily>([
  ["site", "content"],
  ["pages", "content"],
  ["pages-cache", "content"],
  ["pages-search", "search"],
  ["pages-search-v2", "search"],
  ["subscribe", "forms"],
  ["survey", "forms"],
  ["clear-cache", "admin"],
]);

/** The provider service's sub-services and stand-alone endpoints (the segment after its name). */
const PROVIDER_FAMILIES = new Map<string, UpstreamFamily>([
  ["auth", "auth"],
  ["purchase", "purchase"],
  ["purchase-detail-by-hash", "purchase"],
  ["sales", "sales"],
  ["vpn", "vpn"],
  ["geo-ip", "geo-ip"],
  ["clear-cache", "admin"],
]);

/** The VPN service's form posts (a contact message, an OEM request): forms, not location lists. */
const VPN_FORMS = new Set(["send", "request-oem"]);

/**
 * The family of a call path (under `/api`, such as `/coms/pages/page/`). Any first segment but
 * `coms` is the provider service's, whatever the brand names it; an endpoint no rule knows is
 * `other`, so a new one shares no breaker with the known families.
 */
export function upstreamFamily(path: string): UpstreamFamily {
  const [first = "", second = "", third = ""] = path.replace(/^\/+/, "").split("/");
  if (first === "coms") return COMS_FAMILIES.get(second) ?? "other";
  if (first === "" || second === "") return "other";
  if (second === "vpn" && VPN_FORMS.has(third)) return "forms";
  if (/^[a-z0-9-]+-download$/.test(second)) return "downloads";
  return PROVIDER_FAMILIES.get(second) ?? "other";
}
