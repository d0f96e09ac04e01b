import type { SharedPagePolicy } from "~/config/config.server";

/**
 * The cache headers of every page (decision 004, docs/operations.md "For CDN operators"): the
 * policies here, and a page's choice between them from its variant in app/page/page-variant.ts.
 *
 * An anonymous page is the same bytes for everyone who shares its variant (its URL, the notices
 * they closed and, on an unprefixed URL, their language), so browsers keep it for `maxAge` and
 * shared caches (a CDN, the compose set-up's Varnish) for `sharedMaxAge`; after that a shared
 * cache may answer with its old copy for `staleWhileRevalidate` while it fetches a new one, and
 * for `staleIfError` while the site fails. A page asked with a query it does not read
 * (app/page/page-params.ts: junk parameters, a value outside its list) is rendered as asked but
 * never kept by a shared cache: a flood of made-up queries cannot push the real pages out of one.
 *
 * Anything personal or short-lived (a session, a flash, an order, a form's answer, the language
 * redirect) is `private, no-store`: no cache anywhere keeps it.
 */

/** Lifetimes of an anonymous page, in seconds (PAGE_*_SECONDS, app/config/config.server.ts). */

/** The defaults of the PAGE_*_SECONDS variables. */
export const DEFAULT_SHARED_PAGE_POLICY: SharedPagePolicy = {
  maxAge: 60,
  sharedMaxAge: 300,
  staleWhileRevalidate: 60,
  staleIfError: 86_400,
};

/** Anything personal or short-lived: never stored. */
export const PRIVATE_NO_STORE = "private, no-store";

/** The Cache-Control of an anonymous page. */
export function sharedPageCacheControl(policy: SharedPagePolicy): string {
  return (
    `public, max-age=${policy.maxAge}, s-maxage=${policy.sharedMaxAge}, ` +
    `stale-while-revalidate=${policy.staleWhileRevalidate}, stale-if-error=${policy.staleIfError}`
  );
}

/**
 * Whether a response's Cache-Control marks it as one this module made shareable (`public`, and
 * neither `private` nor `no-store`): what a shared cache may store and replay to anyone.
 */
export function isSharedCacheControl(cacheControl: string): boolean {
  return /\bpublic\b/i.test(cacheControl) && !/\b(no-store|private)\b/i.test(cacheControl);
}
