/** Cache-Control for anonymous content a CDN may share. */
export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** Anything personal or short-lived: never stored. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Headers for a page anyone may see. A signed-in visitor's copy is personal (account links), so it
 * is never stored. Pages show or hide notices by cookie, and unprefixed (English) URLs redirect some
 * visitors by cookie or Accept-Language, so shared caches keep copies apart by those headers.
 */
export function publicPageHeaders(request: Request, prefixed: boolean): Record<string, string> {
  if (request.headers.get("cookie")?.includes("__session=")) {
    return { "Cache-Control": PRIVATE_NO_STORE };
  }
  return {
    "Cache-Control": PUBLIC_HTML_CACHE,
    Vary: prefixed ? "Cookie" : "Cookie, Accept-Language",
  };
}
