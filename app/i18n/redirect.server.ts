import { safeRedirectPath } from "~/security/redirects";
import { knownLanguage, requestLanguage, type LanguageInput } from "./detection.server";
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
 * `languageRedirect`'s answer when the language is known at once (`knownLanguage`), else
 * undefined: the page cache's lookups of stored unprefixed pages need no promise.
 */
export function knownLanguageRedirect(
  input: LanguageInput & { search: string },
): string | null | undefined {
  if (splitLangPath(input.pathname).prefixed) return null;
  const lang = knownLanguage(input);
  return lang === undefined ? undefined : redirectTo(input, lang);
}

function redirectTo(input: { pathname: string; search: string }, lang: LangCode): string | null {
  if (lang === DEFAULT_LANG) return null;
  return safeRedirectPath(localizePath(splitLangPath(input.pathname).path, lang) + input.search);
}
