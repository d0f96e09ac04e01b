import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { getLanguage, type LangCode } from "./languages";
import { i18nOptions, NAMESPACE } from "./options";

/** The browser's i18next instance for the language the server rendered (`<html lang>`). */
export function createClientI18n(lang: LangCode, messages: Record<string, unknown>): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...i18nOptions(lang),
    resources: { [getLanguage(lang).iso]: { [NAMESPACE]: messages } },
    initImmediate: false,
  });
  return instance;
}

/** Switches the browser's instance to another language after a client-side navigation. */
export async function switchLanguage(i18n: I18n, lang: LangCode, href: string): Promise<void> {
  const iso = getLanguage(lang).iso;
  if (!i18n.hasResourceBundle(iso, NAMESPACE)) {
    const response = await fetch(href);
    if (!response.ok) throw new Error(`UI strings for ${lang}: ${response.status}`);
    i18n.addResourceBundle(iso, NAMESPACE, await response.json());
  }
  await i18n.changeLanguage(iso);
}
