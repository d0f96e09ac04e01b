import { isbot } from "isbot";
import { DEFAULT_LANG, isLangCode, langFromIso, type LangCode } from "./languages";
import { localizePath, splitLangPath } from "./paths";

/**
 * Picks the visitor's preferred language from an Accept-Language header, honouring q-values.
 * Returns null when none of the listed languages is a site language.
 */
export function langFromAcceptLanguage(header: string | null | undefined): LangCode | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const lang = langFromIso(entry.tag);
    if (lang) return lang;
  }
  return null;
}

export interface RedirectInput {
  method: string;
  pathname: string;
  search: string;
  cookieLang: string | null | undefined;
  acceptLanguage: string | null | undefined;
  userAgent: string | null | undefined;
}

/**
 * Where an unprefixed page request by a human should go: the same path under the language from the
 * cookie, else from Accept-Language. Returns null when no redirect applies (prefixed URLs, bots,
 * non-GET requests, visitors whose language is the default one).
 */
export function localeRedirectTarget(input: RedirectInput): string | null {
  if (input.method !== "GET" && input.method !== "HEAD") return null;
  const { prefixed, path } = splitLangPath(input.pathname);
  if (prefixed) return null;
  const preferred = isLangCode(input.cookieLang)
    ? input.cookieLang
    : langFromAcceptLanguage(input.acceptLanguage);
  if (!preferred || preferred === DEFAULT_LANG) return null;
  // Checked last: the bot pattern is the costly part, and most requests never get here.
  if (!input.userAgent || isbot(input.userAgent)) return null;
  return localizePath(path, preferred) + input.search;
}
