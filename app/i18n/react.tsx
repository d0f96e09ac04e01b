import { createContext, useContext, type ReactNode } from "react";
import type { TFunction } from "./translate";
import { DEFAULT_LANG, langFromIso, type LangCode } from "./languages";

interface Translation {
  t: TFunction;
  /** The ISO tag of the language `t` speaks. */
  iso: string;
}

const TranslationContext = createContext<Translation>({ t: (key) => key, iso: "en" });

/** Gives components the page's `t`: i18next's on the server, the small translator in the browser. */
export function TranslationProvider({ t, iso, children }: Translation & { children: ReactNode }) {
  return <TranslationContext.Provider value={{ t, iso }}>{children}</TranslationContext.Provider>;
}

/** `const { t } = useTranslation()`, as in react-i18next. */
export function useTranslation(): Translation {
  return useContext(TranslationContext);
}

/** The page's language code, from the language `t` speaks. */
export function useLang(): LangCode {
  return langFromIso(useTranslation().iso) ?? DEFAULT_LANG;
}
