import {
  DEFAULT_LANG,
  LANG_CODES,
  getLanguage,
  isLangCode,
  langFromIso,
  type LangCode,
} from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

export interface LanguageLinksInput {
  /** The public origin (SITE_URL), without a trailing slash. */
  origin: string;
  /** The URL's language. */
  lang: LangCode;
  /** The page path without a language prefix. */
  path: string;
  /** True when the URL's language has no translation and the English page is shown. */
  fallback: boolean;
  /** The languages the content service says the page is written in (URL codes or ISO tags). */
  hreflangLocales: readonly string[];
}

export interface Alternate {
  lang: LangCode | "x-default";
  hrefLang: string;
  href: string;
}

export interface LanguageLinks {
  canonical: string;
  alternates: Alternate[];
}

/** The languages a page really exists in, in the site's language order. */
export function pageLanguages(
  hreflangLocales: readonly string[],
  lang: LangCode,
  fallback: boolean,
): LangCode[] {
  const listed = new Set(hreflangLocales.map((l) => (isLangCode(l) ? l : langFromIso(l))));
  listed.delete(null);
  // No languages from the service: no alternates at all (nothing to be reciprocal with).
  if (listed.size === 0) return [];
  // A real translation is one of its own languages; a fallback is English content, not `lang`.
  if (fallback) listed.delete(lang);
  else listed.add(lang);
  return LANG_CODES.filter((code) => listed.has(code));
}

/**
 * Canonical and hreflang alternates of a page, all absolute from the site origin. A fallback page
 * (English content under a language prefix) is canonical to the English page and is not listed
 * as its URL's language; a real translation is canonical to itself and lists every language the
 * page exists in (itself included, so the set is reciprocal) plus x-default (English, else the
 * first language).
 */
export function languageLinks(input: LanguageLinksInput): LanguageLinks {
  const { lang, path, fallback } = input;
  const origin = input.origin.replace(/\/+$/, "");
  const url = (code: LangCode) => `${origin}${localizePath(path, code)}`;
  const canonical = url(fallback ? DEFAULT_LANG : lang);
  const langs = pageLanguages(input.hreflangLocales, lang, fallback);
  if (langs.length === 0) return { canonical, alternates: [] };
  const alternates: Alternate[] = langs.map((code) => ({
    lang: code,
    hrefLang: getLanguage(code).iso,
    href: url(code),
  }));
  const xDefault = langs.includes(DEFAULT_LANG) ? DEFAULT_LANG : langs[0]!;
  alternates.push({ lang: "x-default", hrefLang: "x-default", href: url(xDefault) });
  return { canonical, alternates };
}
