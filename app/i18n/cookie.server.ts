import type { Cookie } from "@remix-run/node";
import { getConfig } from "~/config/config.server";
import { readCookie } from "~/http/cookies";
import { plainCookieNotice, setCookieHeader, type CookieSite } from "~/http/set-cookie";
import { getLanguage, isLangCode, langFromIso, type LangCode } from "./languages";

export const LANG_COOKIE = "lang";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The language chosen in the switcher, for a year, shared with the configured parent domain. */
export const LANG_COOKIE_NOTICE = plainCookieNotice(LANG_COOKIE, {
  purpose: "language",
  maxAgeS: ONE_YEAR_S,
  shared: true,
});

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

/**
 * The language cookie as remix-i18next's detection reads it: a Remix `Cookie` over the site's
 * plain value (`lang=de`, shared with the provider's other sites, so not Remix's base64 JSON).
 * `parse` gives the language's ISO tag (what the detection's supported languages are), or null.
 */
export const langCookie: Cookie = {
  name: LANG_COOKIE,
  isSigned: false,
  expires: undefined,
  async parse(header) {
    const lang = readLangCookie(header);
    return lang === null ? null : getLanguage(lang).iso;
  },
  async serialize(iso: unknown) {
    const lang = typeof iso === "string" ? langFromIso(iso) : null;
    if (lang === null) throw new TypeError("not a site language");
    return serializeLangCookie(lang);
  },
};
