import { stringifySetCookie } from "cookie";

/** What every cookie of the site shares, from the configuration (set-cookie.server.ts). */
export interface CookieSite {
  /** Cookies travel over https only: the public origin (SITE_URL) is https. */
  secure: boolean;
  /** The parent domain the language and dismissal cookies are shared with (LANG_COOKIE_DOMAIN). */
  domain: string | undefined;
}

export interface CookieOptions {
  /** Seconds the browser keeps the cookie; 0 deletes it; absent: until the browser closes. */
  maxAge?: number;
  /** Shared with the other hosts of `CookieSite.domain` (language, dismissed notices). */
  shared?: boolean;
  /** `none` lets other sites' pages send it (the language cookie, when configured). */
  sameSite?: "lax" | "none";
  /**
   * The browser's scripts may read it. Only the feedback panels' answered pages (`kn_fb`: short
   * hashes of paths, nothing secret) are read there, so the shared page's HTML need not depend on
   * them; the others are HttpOnly (the page reads the language from `<html lang>`, notices and
   * flashes come rendered).
   */
  scriptReadable?: boolean;
}

/**
 * The one way the site writes a cookie: always `Path=/` and `SameSite=Lax` (or `None`, which
 * browsers accept only with `Secure`), `HttpOnly` unless a script must read it, `Secure` when the
 * site is served over https, `Domain` only for the cookies shared with a parent domain. The
 * `cookie` package writes the header and refuses a name, value or domain RFC 6265 does not allow
 * (the site's values are codes and base64url, written as they are).
 */
export function setCookieHeader(
  name: string,
  value: string,
  options: CookieOptions,
  site: CookieSite,
): string {
  const none = options.sameSite === "none";
  return stringifySetCookie(
    {
      name,
      value,
      path: "/",
      maxAge: options.maxAge === undefined ? undefined : Math.max(0, Math.floor(options.maxAge)),
      domain: options.shared ? site.domain : undefined,
      sameSite: none ? "none" : "lax",
      httpOnly: !options.scriptReadable,
      secure: site.secure || none,
    },
    { encode: (text) => text },
  );
}

/** The header that deletes a cookie written with `options` (same name, path and domain). */
export function clearCookieHeader(
  name: string,
  options: Pick<CookieOptions, "shared" | "scriptReadable" | "sameSite">,
  site: CookieSite,
): string {
  return setCookieHeader(name, "", { ...options, maxAge: 0 }, site);
}

/**
 * One of the site's cookies as the cookie policy states it, declared beside the code that sets
 * it (app/legal/site-cookies.server.ts lists them): the policy page and the cookie guard read
 * the same list, so a cookie the site sets cannot be missing from either.
 */
export interface CookieNotice {
  /** Its name on an https site and on a plain-http one (the same unless `__Host-` is used). */
  readonly names: { readonly https: string; readonly http: string };
  /** What it is for: the UI string `cookiePolicy.purpose.<purpose>`. */
  readonly purpose: string;
  /** Seconds a browser keeps it after the site last set it. */
  readonly maxAgeS: () => number;
  readonly shared?: boolean;
  readonly scriptReadable?: boolean;
}

/** The notice of a cookie with one name whatever the scheme. */
export function plainCookieNotice(
  name: string,
  notice: Omit<CookieNotice, "names" | "maxAgeS"> & { maxAgeS: number },
): CookieNotice {
  const { maxAgeS, ...rest } = notice;
  return { ...rest, names: { https: name, http: name }, maxAgeS: () => maxAgeS };
}
