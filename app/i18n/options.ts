import type { InitOptions } from "i18next";
import { getLanguage, type LangCode } from "./languages";

export const NAMESPACE = "common";

/**
 * i18next options shared by the server and the browser, so both render the same text. i18next
 * works with the ISO tag (`ja`, `uk`), not the URL code (`jp`, `ua`), so plural rules are right.
 */
export function i18nOptions(lang: LangCode): InitOptions {
  return {
    lng: getLanguage(lang).iso,
    fallbackLng: "en",
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    load: "currentOnly",
  };
}
