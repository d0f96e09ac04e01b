import { splitLangPath } from "~/i18n/paths";
import { answeredInsteadOfRedirect } from "~/i18n/redirect.server";
import {
  DISMISSED_COOKIE,
  parseDismissed,
  serializeDismissed,
  type Dismissible,
} from "~/layout/dismissals";
import { FLASH_COOKIE, parseFlash, type Flash } from "~/forms/flash";
import { SESSION_COOKIES } from "~/account/session-cookies";
import { readCookies } from "~/http/cookies";
import { PRIVATE_NO_STORE, sharedPageCacheControl } from "~/http/cache-control";
import { storableQuery } from "./page-params";
import { getConfig, type SharedPagePolicy } from "~/config/config.server";

export interface VariantInput {
  method: string;
  pathname: string;
  search: string;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  userAgent: string | null | undefined;
}

/**
 * Everything a page's HTML depends on besides its URL. The Cache-Control choice and `Vary`
 * follow it (a shared cache keys on them) — one rule for both: a loader that reads a cookie or
 * header either adds it here or makes the response private. The cookies are declared by the
 * features that own them (the session's names in app/account/session-cookies.ts, `dismissed` in
 * app/layout/dismissals.ts, the flash in app/forms/flash.ts), and the root loader reads them
 * through those features (`readDismissed`, `readFlash`).
 *
 * - `personal`: the page is answered for this visitor alone (private, never stored): they have a
 *   session or a one-time form result to see; or it is a crawler's (or a User-Agent-less) GET of
 *   an unprefixed page that a person with the same cookie and Accept-Language would be redirected
 *   from (`answeredInsteadOfRedirect`), so no shared cache may hand its English page to them.
 * - `key`: for an anonymous page, the variant part of its cache key: the notices the visitor has
 *   closed, in their canonical order (the `dismissed` cookie as the site writes it); null when
 *   the page must not be shared. A person's unprefixed GET may also be redirected to their
 *   language (`languageRedirect`, app/i18n/redirect.server.ts): the root loader asks it.
 * Nothing else reaches the HTML: the feedback panels render the question for everyone and read
 * the answered pages from their cookie in the browser (app/forms/FeedbackPanel.tsx).
 * The public origin is the same for every request (SITE_URL), so it needs no part in the key.
 */
export interface PageVariant {
  personal: boolean;
  dismissed: Dismissible[];
  /** A form's one-time result (post → redirect → this page). */
  flash: Flash | null;
  /** Unprefixed URLs redirect by cookie and Accept-Language: shared caches must vary on both. */
  vary: "Cookie" | "Cookie, Accept-Language";
  key: string | null;
}

/** The cookies a page's variant reads. */
const VARIANT_COOKIES = [
  FLASH_COOKIE,
  SESSION_COOKIES.https,
  SESSION_COOKIES.http,
  DISMISSED_COOKIE,
] as const;

export function pageVariant(input: VariantInput): PageVariant {
  const cookies = readCookies(input.cookie, VARIANT_COOKIES);
  const flashCookie = cookies[FLASH_COOKIE] ?? null;
  const personal =
    cookies[SESSION_COOKIES.https] !== undefined ||
    cookies[SESSION_COOKIES.http] !== undefined ||
    flashCookie !== null ||
    crawlerOnRedirectingUrl(input);
  const dismissed = parseDismissed(cookies[DISMISSED_COOKIE]);
  return {
    personal,
    dismissed,
    flash: parseFlash(flashCookie),
    vary: splitLangPath(input.pathname).prefixed ? "Cookie" : "Cookie, Accept-Language",
    key: personal ? null : serializeDismissed(dismissed),
  };
}

/** `answeredInsteadOfRedirect`, private while it is still being detected (the safe side). */
function crawlerOnRedirectingUrl(input: VariantInput): boolean {
  const answered = answeredInsteadOfRedirect(input);
  if (typeof answered === "boolean") return answered;
  answered.catch(() => undefined);
  return true;
}

/** The variant of a Fetch request, for loaders. */
export function pageVariantOf(request: Request): PageVariant {
  const url = new URL(request.url);
  return pageVariant({
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
    userAgent: request.headers.get("user-agent"),
  });
}

/**
 * What a shared page varies on: the cookies its variant reads (the closed notices; a session or
 * flash makes it private, but a cache must not hand an anonymous copy to such a request either),
 * the encoding, and on unprefixed URLs the language the visitor would be redirected by.
 */
function sharedPageVary(variant: Pick<PageVariant, "vary">): string {
  return `${variant.vary}, Accept-Encoding`;
}

/** Cache headers of a page from its variant: private for a session or flash, else shared. */
function variantHeaders(
  variant: Pick<PageVariant, "personal" | "vary">,
  policy: SharedPagePolicy,
): Record<string, string> {
  if (variant.personal) return { "Cache-Control": PRIVATE_NO_STORE };
  return { "Cache-Control": sharedPageCacheControl(policy), Vary: sharedPageVary(variant) };
}

/**
 * Cache headers of a page, from its request's variant and the configured lifetimes: rendered for
 * a session or a one-time result → private and never stored; otherwise shared.
 */
export function pageHeaders(
  request: Request,
  policy: SharedPagePolicy = getConfig().sharedPages,
): Record<string, string> {
  const url = new URL(request.url);
  if (storableQuery(url.pathname, url.search) === null)
    return { "Cache-Control": PRIVATE_NO_STORE };
  return variantHeaders(pageVariantOf(request), policy);
}
