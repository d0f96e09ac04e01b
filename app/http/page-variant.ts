import { splitLangPath } from "~/i18n/paths";
import { DISMISSED_COOKIE, parseDismissed, type Dismissible } from "~/layout/dismissals";
import { FEEDBACK_COOKIE, feedbackPanelFor, isAnswered } from "~/forms/feedback";
import { FLASH_COOKIE, parseFlash, type Flash } from "~/forms/flash";
import { readCookies } from "./cookies";

/** The session cookie's names: `__Host-` on an https site (app/account/session.server.ts). */
export const SESSION_COOKIES = { https: "__Host-session", http: "__session" } as const;

export interface VariantInput {
  method: string;
  pathname: string;
  search: string;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  userAgent: string | null | undefined;
}

/**
 * Everything a page's HTML depends on besides its URL. The page cache keys on it, the
 * Cache-Control choice follows it and the root loader redirects by it — one rule for all three:
 * a loader that reads a cookie or header either adds it here or makes the response private.
 *
 * - `personal`: the visitor has a session, or a one-time form result to see, so the page is
 *   rendered for them alone (private).
 * - `key`: for an anonymous page, the variant part of its cache key (the notices the visitor has
 *   closed, and `|fb` when they have answered this page's feedback panel); null when the page
 *   must not be shared. A person's unprefixed GET may also be redirected to their language
 *   (`languageRedirect`, app/i18n/redirect.server.ts): the page cache and the root loader ask it. Only this page's answer counts, never the rest of the feedback cookie.
 * The public origin is the same for every request (SITE_URL), so it needs no part in the key.
 */
export interface PageVariant {
  personal: boolean;
  dismissed: Dismissible[];
  /** A form's one-time result (post → redirect → this page). */
  flash: Flash | null;
  /** The page has a feedback panel and this visitor has answered it. */
  feedbackAnswered: boolean;
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
  FEEDBACK_COOKIE,
] as const;

export function pageVariant(input: VariantInput): PageVariant {
  const cookies = readCookies(input.cookie, VARIANT_COOKIES);
  const flashCookie = cookies[FLASH_COOKIE] ?? null;
  const personal =
    cookies[SESSION_COOKIES.https] !== undefined ||
    cookies[SESSION_COOKIES.http] !== undefined ||
    flashCookie !== null;
  const dismissed = parseDismissed(cookies[DISMISSED_COOKIE]);
  const path = splitLangPath(input.pathname);
  const panel = feedbackPanelFor(path.path);
  const feedbackAnswered =
    panel !== null && isAnswered(cookies[FEEDBACK_COOKIE] ?? null, panel, path.path);
  return {
    personal,
    dismissed,
    flash: parseFlash(flashCookie),
    feedbackAnswered,
    vary: path.prefixed ? "Cookie" : "Cookie, Accept-Language",
    key: personal ? null : `${[...dismissed].sort().join(".")}${feedbackAnswered ? "|fb" : ""}`,
  };
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
