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

// RFC 6265: a cookie name is a token; a value is cookie-octets (no space, quote, comma,
// semicolon or backslash). The site's values are codes and base64url, never free text.
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
const DOMAIN = /^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

/**
 * The one way the site writes a cookie: always `Path=/` and `SameSite=Lax` (or `None`, which
 * browsers accept only with `Secure`), `HttpOnly` unless a script must read it, `Secure` when the
 * site is served over https, `Domain` only for the cookies shared with a parent domain.
 */
export function setCookieHeader(
  name: string,
  value: string,
  options: CookieOptions,
  site: CookieSite,
): string {
  if (!NAME.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`);
  if (!VALUE.test(value)) throw new TypeError(`Invalid value for the ${name} cookie`);
  const parts = [`${name}=${value}`, "Path=/"];
  if (options.maxAge !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.shared && site.domain) {
    if (!DOMAIN.test(site.domain)) throw new TypeError(`Invalid cookie domain: ${site.domain}`);
    parts.push(`Domain=${site.domain}`);
  }
  const none = options.sameSite === "none";
  parts.push(none ? "SameSite=None" : "SameSite=Lax");
  if (!options.scriptReadable) parts.push("HttpOnly");
  if (site.secure || none) parts.push("Secure");
  return parts.join("; ");
}

/** The header that deletes a cookie written with `options` (same name, path and domain). */
export function clearCookieHeader(
  name: string,
  options: Pick<CookieOptions, "shared" | "scriptReadable" | "sameSite">,
  site: CookieSite,
): string {
  return setCookieHeader(name, "", { ...options, maxAge: 0 }, site);
}
