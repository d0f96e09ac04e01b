import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { PrerenderHost, PrerenderStore } from "./Prerendered";

/**
 * Inner HTML of prerendered subtrees, per version and key. Versions are held weakly: when the
 * upstream answer or prepared blocks a subtree was rendered from are dropped, so is its HTML.
 * `null` marks a subtree that could not be taken from its page; it is rendered every time.
 */
const rendered = new WeakMap<object, Map<string, string | null>>();

/** Keys per version (paths a page is reachable under, languages): a bound, not a target. */
const MAX_KEYS_PER_VERSION = 200;

interface Miss {
  version: object;
  key: string;
  host: PrerenderHost;
  props: Record<string, unknown>;
}

/** The start tag React writes for `host` with `props` (attributes in the same order, escaped). */
export function startTagOf(host: PrerenderHost, props: Record<string, unknown>): string {
  const markup = renderToStaticMarkup(createElement(host, props));
  return markup.slice(0, markup.indexOf(">") + 1);
}

/** The inner HTML of the element whose start tag ends at `from`, or null if it never closes. */
function innerFrom(html: string, from: number, host: PrerenderHost): string | null {
  const tags = new RegExp(`<${host}[\\s/>]|</${host}\\s*>`, "gi");
  tags.lastIndex = from;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[0][1] !== "/") depth += 1;
    else if (depth > 0) depth -= 1;
    else return html.slice(from, match.index);
  }
  return null;
}

/**
 * The inner HTML of the elements that begin with `startTag` in `html`: null unless there is one,
 * or all of them have the same content (the same subtree rendered twice), and it closes. React
 * escapes `<` in text and attribute values, so every `<host` and `</host>` in the page is markup,
 * and counting them finds the matching end tag.
 */
export function innerHtmlOf(html: string, startTag: string, host: PrerenderHost): string | null {
  let inner: string | null = null;
  for (let at = html.indexOf(startTag); at !== -1; at = html.indexOf(startTag, at + 1)) {
    const found = innerFrom(html, at + startTag.length, host);
    if (found === null || (inner !== null && found !== inner)) return null;
    inner = found;
  }
  return inner;
}

/**
 * One server render's view of the prerendered subtrees: serves the HTML known so far and, for the
 * subtrees this render had to render, takes their HTML from the finished page (`learn`). A subtree
 * is known by its version and its key: host, class name, the request's language and, for subtrees
 * that ask for it, its path.
 */
export class PrerenderSession implements PrerenderStore {
  private misses: Miss[] = [];

  /** `lang` and `pathname` of the request: the language its UI strings and links are in. */
  constructor(private readonly request: { lang: string; pathname: string }) {}

  keyOf(host: PrerenderHost, className: string | undefined, perPath: boolean): string {
    const { lang, pathname } = this.request;
    return `${lang} ${host}.${className ?? ""}${perPath ? ` ${pathname}` : ""}`;
  }

  get(version: object, key: string): string | undefined {
    return rendered.get(version)?.get(key) ?? undefined;
  }

  miss(version: object, key: string, host: PrerenderHost, props: Record<string, unknown>): void {
    if (rendered.get(version)?.has(key)) return;
    this.misses.push({ version, key, host, props: { ...props } });
  }

  /** Whether this render rendered a subtree whose HTML is not known yet. */
  get learning(): boolean {
    return this.misses.length > 0;
  }

  /** Keeps the inner HTML of the subtrees this render missed, from the page it sent in full. */
  learn(page: string): void {
    for (const { version, key, host, props } of this.misses) {
      let byKey = rendered.get(version);
      if (!byKey) {
        byKey = new Map();
        rendered.set(version, byKey);
      }
      if (byKey.has(key) || byKey.size >= MAX_KEYS_PER_VERSION) continue;
      const inner = innerHtmlOf(page, startTagOf(host, props), host);
      byKey.set(key, inner);
    }
    this.misses = [];
  }
}
