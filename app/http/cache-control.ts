import { pageVariantOf } from "./page-variant";

/**
 * Anonymous HTML. Every page carries its response's CSP nonce, so no shared cache may replay one
 * copy to many visitors: no `s-maxage`, and a copy must be revalidated before each use (it has no
 * validator, so a CDN fetches it anew). The in-process page cache, which writes a fresh nonce
 * into each replay, recognises these responses by `public` (decision 004).
 */
export const ANONYMOUS_HTML_CACHE = "public, max-age=0, must-revalidate";
/** Anything personal or short-lived: never stored. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Cache headers of a page, from its variant: rendered for a session → private and never stored;
 * otherwise shareable, varying on what the variant reads (the notices cookie, and on unprefixed
 * URLs the language redirect's cookie and Accept-Language).
 */
export function pageHeaders(request: Request): Record<string, string> {
  const variant = pageVariantOf(request);
  if (variant.personal) return { "Cache-Control": PRIVATE_NO_STORE };
  return { "Cache-Control": ANONYMOUS_HTML_CACHE, Vary: variant.vary };
}
