/**
 * What a search result says of the page it finds: its title as the page calls itself (without
 * the "| KeyNest Blog" a document title carries for browsers' tabs and search engines), the kind
 * of page, and the language it is written in when that is not the visitor's.
 */
import { isLangCode, langFromIso, type LangCode } from "~/i18n/languages";
import { splitLangPath } from "~/i18n/paths";

export type ResultKind = "guide" | "post" | "download" | "page";

/** The kind of page at `url`: a blog post, a guide (help, manuals, use cases), a download, a page. */
export function resultKind(url: string): ResultKind {
  const { path } = splitLangPath(url.split(/[?#]/)[0] ?? "/");
  if (/^\/blog\/./.test(path)) return "post";
  if (/^\/help(?:\/|$)/.test(path)) return "guide";
  if (/^\/downloads(?:\/|$)/.test(path)) return "download";
  return "page";
}

/** A title's last part after " | ", " — ", " – " or " - ". */
const LAST_PART = /\s+(?:\||—|–|-)\s+([^|—–]+)$/u;

/**
 * The page's own title: a last part naming the brand or the company ("… | KeyNest Blog",
 * "… — KeyNest") is the site's signature, not the page's name, and is left out — unless it is
 * all there is.
 */
export function pageTitle(title: string, names: readonly string[]): string {
  const clean = title.replace(/\s+/gu, " ").trim();
  const match = LAST_PART.exec(clean);
  if (!match || match.index === 0) return clean;
  const part = match[1]!.toLocaleLowerCase();
  const signed = names.some((name) => name && part.includes(name.toLocaleLowerCase()));
  return signed ? clean.slice(0, match.index).trim() : clean;
}

/** The language a result is written in, when the service says and it is not `visitor`'s. */
export function otherLanguage(lang: string | undefined, visitor: LangCode): LangCode | null {
  if (!lang) return null;
  const code = isLangCode(lang) ? lang : langFromIso(lang);
  return code && code !== visitor ? code : null;
}
