import { createInstance, type i18n as I18n } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, getLanguage, LANG_CODES, type LangCode } from "./languages";
import { splitLangPath } from "./paths";
import { i18nOptions, NAMESPACE } from "./options";
import { resourcesFor } from "./resources.server";
import type { TFunction } from "./translate";

/** The language of a request comes from its URL alone (no cookie or header: those only redirect). */
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANG_CODES],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale: async (request) => splitLangPath(new URL(request.url).pathname).lang,
  },
});

export async function getLang(request: Request): Promise<LangCode> {
  return (await remixI18n.getLocale(request)) as LangCode;
}

const instances = new Map<LangCode, I18n>();

/** One initialised i18next instance per language, created once and reused by every request. */
export function getI18n(lang: LangCode): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      ...i18nOptions(lang),
      resources: resourcesFor(lang),
      initImmediate: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

const fixed = new Map<LangCode, TFunction>();

/** Plain strings kept per language: keys come from the code, so this is a bound, not a target. */
const MAX_PLAIN_STRINGS = 5_000;

/**
 * i18next's translate function for a language, as the components call it. The UI strings never
 * change while the server runs, so a string without variables is looked up once.
 */
export function getT(lang: LangCode): TFunction {
  let t = fixed.get(lang);
  if (!t) {
    const i18nT = getI18n(lang).getFixedT(getLanguage(lang).iso, NAMESPACE);
    const plain = new Map<string, string>();
    t = (key, vars) => {
      if (vars) return String(i18nT(key, vars));
      let text = plain.get(key);
      if (text === undefined) {
        text = String(i18nT(key));
        if (plain.size < MAX_PLAIN_STRINGS) plain.set(key, text);
      }
      return text;
    };
    fixed.set(lang, t);
  }
  return t;
}
