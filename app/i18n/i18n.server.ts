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

/** Strings kept per language: a bound, not a target (keys come from the code). */
const MAX_KEPT_STRINGS = 5_000;
/** Longer variables (a search query, say) are translated each time and never kept. */
const MAX_KEPT_VARS_LENGTH = 120;

/**
 * The cache key of a translation: the key alone, or with its variables when they are few short
 * strings and numbers (brand, year, a count); null when it is not worth keeping.
 */
export function translationKey(key: string, vars?: Record<string, unknown>): string | null {
  if (!vars) return key;
  let out = key;
  for (const name of Object.keys(vars).sort()) {
    const value = vars[name];
    if (typeof value !== "string" && typeof value !== "number") return null;
    out += `\u0000${name}\u0000${typeof value === "number" ? "n" : "s"}${value}`;
    if (out.length > key.length + MAX_KEPT_VARS_LENGTH) return null;
  }
  return out;
}

/**
 * i18next's translate function for a language, as the components call it. The UI strings never
 * change while the server runs, so a string is translated once per key and short variables.
 */
export function getT(lang: LangCode): TFunction {
  let t = fixed.get(lang);
  if (!t) {
    const i18nT = getI18n(lang).getFixedT(getLanguage(lang).iso, NAMESPACE);
    const kept = new Map<string, string>();
    t = (key, vars) => {
      const cacheKey = translationKey(key, vars);
      let text = cacheKey === null ? undefined : kept.get(cacheKey);
      if (text === undefined) {
        text = String(i18nT(key, vars));
        if (cacheKey !== null && kept.size < MAX_KEPT_STRINGS) kept.set(cacheKey, text);
      }
      return text;
    };
    fixed.set(lang, t);
  }
  return t;
}
