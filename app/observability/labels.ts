import { PREFIXED_LANG_CODES } from "~/i18n/languages";

/**
 * Metric labels from a bounded set (decision 017): a label value never comes from the request as
 * it is (no raw URL, no query, no upstream message), so an attacker cannot grow the series.
 */

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

/** `2xx` … `5xx`; anything outside 100–599 is `other`. */
export function statusClass(status: number): string {
  return Number.isInteger(status) && status >= 100 && status < 600
    ? `${Math.floor(status / 100)}xx`
    : "other";
}

const PAGE_IN_LANGUAGE = new RegExp(`^page/(${PREFIXED_LANG_CODES.join("|")})/`);

/** A Remix route id without its language: `page/de/search` and `page/search` are `page/search`. */
export function routeLabel(routeId: string): string {
  return routeId.replace(PAGE_IN_LANGUAGE, "page/");
}

/** The content pages' catch-all route, which also answers any path no file or route claims. */
const CONTENT_ROUTE = "page/content";

/**
 * The route label of a request: a path under `/assets/`, or a file-like path only the content
 * catch-all matches (a public file, or a missing one), is `static`; otherwise the matched Remix
 * route's label (a `.data` request is its page's), or `other` when nothing matched.
 */
export function requestRoute(path: string, routeId: string | null): string {
  if (path.startsWith("/assets/")) return "static";
  if (routeId === null) return "other";
  const label = routeLabel(routeId);
  if (label === CONTENT_ROUTE && /\.[a-z0-9]+$/i.test(path) && !path.endsWith(".data")) {
    return "static";
  }
  return label;
}

const PROVIDER_SERVICES = new Set(["auth", "purchase", "sales", "vpn"]);

/**
 * The upstream service of a call path (under `/api`): `coms`, the provider's `auth`, `purchase`,
 * `sales` or `vpn`, `provider` for its other calls (geo-ip, downloads…), else `other`.
 */
export function upstreamService(path: string, provider: string): string {
  const [first = "", second = ""] = path.replace(/^\/+/, "").split("/");
  if (first === "coms") return "coms";
  if (first !== provider) return "other";
  return PROVIDER_SERVICES.has(second) ? second : "provider";
}
