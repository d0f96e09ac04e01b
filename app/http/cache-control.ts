/** Cache-Control for anonymous content a CDN may share. */
export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** Anything personal or short-lived: never stored. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Headers for a public page. Unprefixed (English) URLs redirect some visitors by cookie or
 * Accept-Language, so shared caches must keep them apart by those headers.
 */
export function publicPageHeaders(prefixed: boolean): Record<string, string> {
  return prefixed
    ? { "Cache-Control": PUBLIC_HTML_CACHE }
    : { "Cache-Control": PUBLIC_HTML_CACHE, Vary: "Cookie, Accept-Language" };
}
