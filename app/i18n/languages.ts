/** The nine site languages. `code` is the URL prefix, `iso` the BCP 47 tag used in markup. */
export interface Language {
  code: LangCode;
  iso: string;
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
  { code: "en", iso: "en", label: "English", shortName: "EN", file: "en.json" },
  { code: "jp", iso: "ja", label: "日本語", shortName: "JP", file: "jp.json" },
  { code: "ru", iso: "ru", label: "Русский", shortName: "RU", file: "ru.json" },
  { code: "tr", iso: "tr", label: "Türkçe", shortName: "TR", file: "tr.json" },
  { code: "fr", iso: "fr", label: "Français", shortName: "FR", file: "fr.json" },
  { code: "de", iso: "de", label: "Deutsch", shortName: "DE", file: "de.json" },
  { code: "ua", iso: "uk", label: "Українська", shortName: "UA", file: "ua.json" },
  { code: "es", iso: "es", label: "Español", shortName: "ES", file: "es.json" },
  { code: "zh", iso: "zh", label: "中文", shortName: "ZH", file: "zh.json" },
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
