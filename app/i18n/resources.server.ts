import type { Resource } from "i18next";
import de from "../../locales/de.json";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";
import jp from "../../locales/jp.json";
import ru from "../../locales/ru.json";
import tr from "../../locales/tr.json";
import ua from "../../locales/ua.json";
import zh from "../../locales/zh.json";
import { getLanguage, type LangCode } from "./languages";
import { NAMESPACE } from "./options";

export type Messages = typeof en;

/** UI strings of every routed language, one `common` namespace each. */
export const MESSAGES: Record<LangCode, Messages> = {
  en,
  jp,
  ru,
  tr,
  fr,
  de,
  ua,
  es,
  zh,
} as Record<LangCode, Messages>;

/** The resources one page needs: its language, keyed by ISO tag, plus English as the fallback. */
export function resourcesFor(lang: LangCode): Resource {
  const resources: Resource = { en: { [NAMESPACE]: MESSAGES.en } };
  if (lang !== "en") resources[getLanguage(lang).iso] = { [NAMESPACE]: MESSAGES[lang] };
  return resources;
}
