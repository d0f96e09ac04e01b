import { DEFAULT_LANG, isPrefixedLang, type LangCode } from "./languages";

export interface LocalizedPath {
  lang: LangCode;
  /** The path without a language prefix; always starts with `/`. */
  path: string;
  /** Whether the URL carried a valid language prefix. */
  prefixed: boolean;
}

/**
 * Splits a pathname into its language and content path. Only the eight prefixed codes count as a
 * language; any other first segment (`/features`, `/robots.txt`, `/xx`) belongs to the content path.
 */
export function splitLangPath(pathname: string): LocalizedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isPrefixedLang(first)) {
    return { lang: first, path: normalizePath(match?.[2] ?? "/"), prefixed: true };
  }
  return { lang: DEFAULT_LANG, path: normalizePath(pathname), prefixed: false };
}

/** Collapses duplicate slashes and drops a trailing slash (except for the root). */
export function normalizePath(path: string): string {
  const collapsed = ("/" + path).replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/** The URL path of `path` in `lang`: unprefixed for the default language. */
export function localizePath(path: string, lang: LangCode): string {
  const clean = normalizePath(path);
  if (lang === DEFAULT_LANG) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/**
 * For the not-found fallback: when a path starts with any two-letter segment that is not a known
 * language (`/xx/features`), the same path without it.
 */
export function stripUnknownTwoLetterPrefix(path: string): string | null {
  const match = /^\/([a-z]{2})(\/.*)?$/i.exec(path);
  if (!match || isPrefixedLang(match[1])) return null;
  return normalizePath(match[2] ?? "/");
}
