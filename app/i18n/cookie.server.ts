import { getConfig } from "~/config.server";
import { readCookie } from "~/http/cookies";
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

/** Set-Cookie value storing the language: path /, SameSite Lax or None, optional domain/Secure. */
export function serializeLangCookie(lang: LangCode, options = getConfig().langCookie): string {
  const parts = [
    `${LANG_COOKIE}=${lang}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_S}`,
    `SameSite=${options.sameSite === "none" ? "None" : "Lax"}`,
    "HttpOnly",
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.secure || options.sameSite === "none") parts.push("Secure");
  return parts.join("; ");
}
