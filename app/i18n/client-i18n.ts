import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { LangCode } from "./languages";
import { getLanguage } from "./languages";
import { i18nOptions, NAMESPACE } from "./options";

const instances = new Map<LangCode, I18n>();

/**
 * The i18next instance React renders with, built from the strings the root loader sent, so the
 * server and the browser render the same text. One per language, reused across renders.
 */
export function i18nFor(lang: LangCode, messages: Record<string, unknown>): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({
      ...i18nOptions(lang),
      resources: { [getLanguage(lang).iso]: { [NAMESPACE]: messages } },
      initImmediate: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}
