/** The nine site languages. `code` is the URL prefix, `iso` the BCP 47 tag used in markup. */
export interface Language {
  code: LangCode;
  iso: string;
  /** Open Graph's locale (language_TERRITORY), the territory the site's copy is written for. */
  ogLocale: string;
  label: string;
  shortName: string;
  file: string;
}

export const LANG_CODES = ["en", "jp", "ru", "tr", "fr", "de", "ua", "es", "zh"] as const;
export type LangCode = (typeof LANG_CODES)[number];

export const DEFAULT_LANG: LangCode = "en";

/** The eight codes that appear as a URL prefix: every language but the default. */
export const PREFIXED_LANG_CODES = LANG_CODES.filter(
  (code): code is Exclude<LangCode, "en"> => code !== DEFAULT_LANG,
);

export const LANGUAGES: readonly Language[] = [
  { code: "en", iso: "en", ogLocale: "en_US", label: "English", shortName: "EN", file: "en.json" },
  { code: "jp", iso: "ja", ogLocale: "ja_JP", label: "日本語", shortName: "JP", file: "jp.json" },
  { code: "ru", iso: "ru", ogLocale: "ru_RU", label: "Русский", shortName: "RU", file: "ru.json" },
  { code: "tr", iso: "tr", ogLocale: "tr_TR", label: "Türkçe", shortName: "TR", file: "tr.json" },
  { code: "fr", iso: "fr", ogLocale: "fr_FR", label: "Français", shortName: "FR", file: "fr.json" },
  { code: "de", iso: "de", ogLocale: "de_DE", label: "Deutsch", shortName: "DE", file: "de.json" },
  {
    code: "ua",
    iso: "uk",
    ogLocale: "uk_UA",
    label: "Українська",
    shortName: "UA",
    file: "ua.json",
  },
  { code: "es", iso: "es", ogLocale: "es_ES", label: "Español", shortName: "ES", file: "es.json" },
  { code: "zh", iso: "zh", ogLocale: "zh_CN", label: "中文", shortName: "ZH", file: "zh.json" },
];

const byCode = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === "string" && byCode.has(value);
}

/** True for the eight codes that appear as a URL prefix (every language but the default). */
export function isPrefixedLang(value: unknown): value is Exclude<LangCode, "en"> {
  return isLangCode(value) && value !== DEFAULT_LANG;
}

export function getLanguage(code: LangCode): Language {
  return byCode.get(code) as Language;
}

/** Maps an ISO tag such as `ja`, `uk-UA` or `zh-Hant` to a site language code. */
export function langFromIso(tag: string): LangCode | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (!primary) return null;
  const match = LANGUAGES.find((l) => l.iso === primary);
  return match ? match.code : null;
}
