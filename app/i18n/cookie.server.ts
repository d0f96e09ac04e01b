import { getConfig } from "~/config.server";
import { readCookie } from "~/http/cookies";
import { setCookieHeader, type CookieSite } from "~/http/set-cookie";
import { isLangCode, type LangCode } from "./languages";

export const LANG_COOKIE = "lang";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Reads the visitor's stored language from a Cookie header. */
export function readLangCookie(header: string | null): LangCode | null {
  const raw = readCookie(header, LANG_COOKIE);
  if (raw === null) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isLangCode(value) ? value : null;
}

/**
 * Set-Cookie value storing the language for a year: shared with the configured parent domain,
 * SameSite Lax or None (LANG_COOKIE_SAMESITE), Secure on an https site (set-cookie.ts).
 */
export function serializeLangCookie(
  lang: LangCode,
  cookies: CookieSite & { langSameSite: "lax" | "none" } = getConfig().cookies,
): string {
  return setCookieHeader(
    LANG_COOKIE,
    lang,
    { maxAge: ONE_YEAR_S, shared: true, sameSite: cookies.langSameSite },
    cookies,
  );
}
