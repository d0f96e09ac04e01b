import { upstreamFamily } from "./families";

/**
 * The areas of the upstream cache (cache.server.ts): each keeps at most its own number of
 * answers, least recently used dropped first, so a flood of one kind of answer churns only its
 * own area and never evicts another's fresh or stale copies — the copies decision 017 serves
 * pages from while the upstream fails.
 *
 * - `content`: content pages, page lists, the glossary, and any cached answer no other area
 *   takes (`CACHE_MAX_ENTRIES`);
 * - `site`: what pages share whatever they show — the site data (menus, footer, site-wide
 *   settings) per language, testimonials, the VPN location lists, download details;
 * - `search`: one answer per search text, language and page: anyone can make as many as they
 *   like, so they live apart;
 * - `prices`: price lists (by their sorted plan ids), single plans and add-on prices.
 */
export const CACHE_AREAS = ["content", "site", "search", "prices"] as const;

export type CacheArea = (typeof CACHE_AREAS)[number];

/** The provider's sales endpoints whose answers are prices (the segment after `sales`). */
const PRICE_ENDPOINTS = new Set(["price-list", "price", "price-service"]);

/** The area of a call path (under `/api`, such as `/coms/pages/page/`). */
export function cacheAreaOfPath(path: string): CacheArea {
  const family = upstreamFamily(path);
  const [first = "", second = "", third = ""] = path.replace(/^\/+/, "").split("/");
  if (family === "search") return "search";
  if (first === "coms") return second === "site" ? "site" : "content";
  if (family === "sales") return PRICE_ENDPOINTS.has(third) ? "prices" : "site";
  if (family === "vpn" || family === "downloads") return "site";
  return "content";
}

/**
 * The area of a cache key (wire.server.ts's `cacheKey`: `<path>?<query>`, a cached POST
 * `POST <path>?<query>#<what it depends on>`): a key is always kept in the same one.
 */
export function cacheAreaOf(key: string): CacheArea {
  const call = key.startsWith("POST ") ? key.slice(5) : key;
  const end = call.indexOf("?");
  return cacheAreaOfPath(end === -1 ? call : call.slice(0, end));
}
