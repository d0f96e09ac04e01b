import { RemixI18Next } from "remix-i18next/server";
import { DETECTION } from "./detection.server";
import { DEFAULT_LANG, getLanguage, LANG_CODES, type LangCode } from "./languages";
import { i18nOptions, NAMESPACE } from "./options";
import { allResources } from "./resources.server";
import type { TFunction } from "./translate";

/**
 * remix-i18next, as its documentation sets it up: its detection (`DETECTION`: the path, the
 * `lang` cookie, Accept-Language) and the UI strings of every language, for `getFixedT`.
 */
const remixI18n = new RemixI18Next({
  detection: DETECTION,
  i18next: { ...i18nOptions(DEFAULT_LANG), resources: allResources() },
});

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

/** i18next's fixed `t` for a language, each text kept once per key and short variables. */
function keptT(i18nT: (key: string, vars?: Record<string, unknown>) => unknown): TFunction {
  const kept = new Map<string, string>();
  return (key, vars) => {
    const cacheKey = translationKey(key, vars);
    let text = cacheKey === null ? undefined : kept.get(cacheKey);
    if (text === undefined) {
      text = String(i18nT(key, vars));
      if (cacheKey !== null && kept.size < MAX_KEPT_STRINGS) kept.set(cacheKey, text);
    }
    return text;
  };
}

/**
 * remix-i18next's `getFixedT` for each language, made once when the server starts: the UI strings
 * never change while it runs, so loaders, actions and the render share nine translators instead
 * of building an i18next instance per request.
 */
const fixedTs = new Map<LangCode, TFunction>(
  await Promise.all(
    LANG_CODES.map(async (lang): Promise<[LangCode, TFunction]> => {
      const t = await remixI18n.getFixedT(getLanguage(lang).iso, NAMESPACE);
      return [lang, keptT(t as (key: string, vars?: Record<string, unknown>) => unknown)];
    }),
  ),
);

/** The translate function of a language, as the components call it. */
export function getT(lang: LangCode): TFunction {
  return fixedTs.get(lang) as TFunction;
}
