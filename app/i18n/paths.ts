import { DEFAULT_LANG, isPrefixedLang, type LangCode } from "./languages";

export interface LocalizedPath {
  lang: LangCode;
  /** The path without a language prefix; always starts with `/`. */
  path: string;
  /** Whether the URL carried a valid language prefix. */
  prefixed: boolean;
}

/** Paths split lately, up to this many (a site has a few hundred pages; a request splits its path several times). */
const SPLIT_MEMO_SIZE = 1_000;
/** Longer paths are split afresh each time (no page's path is near it). */
const SPLIT_MEMO_PATH = 256;
const splitMemo = new Map<string, Readonly<LocalizedPath>>();

/**
 * Splits a pathname into its language and content path. Only the eight prefixed codes count as a
 * language; any other first segment (`/features`, `/robots.txt`, `/xx`) belongs to the content path.
 * The answer is shared and frozen: the split of a path seen lately is not made again.
 */
export function splitLangPath(pathname: string): Readonly<LocalizedPath> {
  let split = splitMemo.get(pathname);
  if (split === undefined) {
    split = Object.freeze(splitAfresh(pathname));
    if (pathname.length <= SPLIT_MEMO_PATH) {
      if (splitMemo.size >= SPLIT_MEMO_SIZE) splitMemo.clear();
      splitMemo.set(pathname, split);
    }
  }
  return split;
}

function splitAfresh(pathname: string): LocalizedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isPrefixedLang(first)) {
    return { lang: first, path: normalizePath(match?.[2] ?? "/"), prefixed: true };
  }
  return { lang: DEFAULT_LANG, path: normalizePath(pathname), prefixed: false };
}

/** Collapses duplicate slashes and drops a trailing slash (except for the root). */
export function normalizePath(path: string): string {
  const collapsed = ("/" + path).replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/** The URL path of `path` in `lang`: unprefixed for the default language. */
export function localizePath(path: string, lang: LangCode): string {
  const clean = normalizePath(path);
  if (lang === DEFAULT_LANG) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** A first segment that looks like a language code but is none of the eight prefixes. */
function isUnknownPrefix(segment: string): boolean {
  return segment.length === 2 && /^[a-z]{2}$/i.test(segment) && !isPrefixedLang(segment);
}

/**
 * Where a path with a junk language prefix goes: only the eight prefixes are languages, so a path
 * that starts with any other two-letter segment (`/zz/features`, `/ja/features` — Japanese is
 * `/jp/` — `/en/…`, `/DE/…`) is answered by one redirect to the path without it, never as a page
 * of its own. Every such leading segment is dropped at once (`/zz/yy/x` → `/x`), so the target
 * never starts with another and there is never a second hop. Null for any other path; a segment
 * after a real prefix (`/de/zz/x`) is content, and a 404 when no page has it.
 */
export function withoutUnknownPrefix(path: string): string | null {
  const segments = path.split("/");
  let first = 1;
  while (first < segments.length && isUnknownPrefix(segments[first]!)) first += 1;
  if (first === 1) return null;
  return normalizePath(segments.slice(first).join("/"));
}
