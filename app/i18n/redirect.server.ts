import { safeRedirectPath } from "~/security/redirects";
import { requestLanguage, type LanguageInput } from "./detection.server";
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
  const { prefixed, path } = splitLangPath(input.pathname);
  if (prefixed) return null;
  const lang = await requestLanguage(input, request);
  if (lang === DEFAULT_LANG) return null;
  return safeRedirectPath(localizePath(path, lang) + input.search);
}
