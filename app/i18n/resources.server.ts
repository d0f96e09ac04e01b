import { createHash } from "node:crypto";
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

/** Every routed language's UI strings, keyed by ISO tag (i18next's language names). */
export function allResources(): Resource {
  const resources: Resource = {};
  for (const lang of Object.keys(MESSAGES) as LangCode[]) {
    resources[getLanguage(lang).iso] = { [NAMESPACE]: MESSAGES[lang] };
  }
  return resources;
}

const bodies = new Map<LangCode, { json: string; version: string }>();

/** A language's UI strings as JSON, with a content hash that versions its URL. */
export function messagesJson(lang: LangCode): { json: string; version: string } {
  let body = bodies.get(lang);
  if (!body) {
    const json = JSON.stringify(MESSAGES[lang]);
    body = { json, version: createHash("sha256").update(json).digest("hex").slice(0, 12) };
    bodies.set(lang, body);
  }
  return body;
}

/** Where the browser loads a language's UI strings from (immutable: the URL changes with them). */
export function messagesHref(lang: LangCode): string {
  return `/locales/${lang}?v=${messagesJson(lang).version}`;
}

/**
 * The few strings meta functions in the browser need (the titles of error and search pages):
 * content and legal pages get their tags built on the server.
 */
export function metaMessages(lang: LangCode) {
  const m = MESSAGES[lang];
  return {
    errors: { notFoundTitle: m.errors.notFoundTitle, genericTitle: m.errors.genericTitle },
    search: { title: m.search.title },
  };
}
