import { safeRedirectPath } from "~/http/redirects";
import {
  knownPersonLanguage,
  pathLanguage,
  personLanguage,
  requestLanguage,
  type LanguageInput,
} from "./detection.server";
import type { LangCode } from "./languages";
import { DEFAULT_LANG } from "./languages";
import { localizePath, splitLangPath } from "./paths";

/**
 * Where an unprefixed page request goes: the same path and query under the language
 * remix-i18next detects for a person (the `lang` cookie, else their browser's first choice),
 * through the same-site helper. Null when no redirect applies: prefixed URLs, crawlers, posts,
 * visitors whose language is the default one.
 */
export async function languageRedirect(
  input: LanguageInput & { search: string },
  request?: Request,
): Promise<string | null> {
  if (splitLangPath(input.pathname).prefixed) return null;
  return redirectTo(input, await requestLanguage(input, request));
}

/**
 * Whether the request gets a page where a person sending the same cookie and Accept-Language would
 * be redirected to their language: a crawler's (or a User-Agent-less) GET of an unprefixed page
 * (`pathLanguage` keeps each URL in one language for search engines). That 200 varies on the
 * same headers as the redirect, so a shared cache keyed on them would give it to the people the
 * URL sends elsewhere: the page variant makes it private. A promise when that person's language
 * is not known at once (an Accept-Language not detected before).
 */
export function answeredInsteadOfRedirect(input: LanguageInput): boolean | Promise<boolean> {
  if (input.method !== "GET" && input.method !== "HEAD") return false;
  if (splitLangPath(input.pathname).prefixed || pathLanguage(input) === null) return false;
  const lang = knownPersonLanguage(input);
  if (lang !== undefined) return lang !== DEFAULT_LANG;
  return personLanguage(input).then((person) => person !== DEFAULT_LANG);
}

function redirectTo(input: { pathname: string; search: string }, lang: LangCode): string | null {
  if (lang === DEFAULT_LANG) return null;
  return safeRedirectPath(localizePath(splitLangPath(input.pathname).path, lang) + input.search);
}
