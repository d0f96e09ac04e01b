/**
 * The search page's text rules, kept pure so they can be tested as tables: the query's limits and
 * terms, the page number, the numbered page links and the excerpt with its matched terms marked.
 * The excerpt is returned as segments the page renders as React text and `<mark>` elements —
 * never as HTML, so nothing from the query or the upstream is ever parsed as markup.
 */

/** Longer queries are refused (400) rather than cut in the middle of a word. */
export const MAX_QUERY = 200;
/** Results per page; the upstream is asked for exactly this many. */
export const PAGE_SIZE = 10;
/** At most this many terms are highlighted (a query of many words marks the first ones). */
const MAX_TERMS = 8;
/** The excerpt's length in characters (before the ellipses; see search-excerpt.server.ts). */
export const EXCERPT_LENGTH = 220;
/** The highest page number the site accepts in the URL. */
const MAX_PAGE = 9999;

export type QueryCheck = { kind: "empty" } | { kind: "tooLong" } | { kind: "ok"; query: string };

/** The query of `?q=` with its spaces collapsed: empty, too long, or usable. */
export function checkQuery(raw: string | null): QueryCheck {
  const query = (raw ?? "").replace(/\s+/gu, " ").trim();
  if (!query) return { kind: "empty" };
  if ([...query].length > MAX_QUERY) return { kind: "tooLong" };
  return { kind: "ok", query };
}

/** The page of `?page=`: 1 when absent, null when it is no whole number from 1 to 9999. */
export function parsePage(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

/** How many pages `total` results fill (at least one, so an empty result is page 1 of 1). */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The numbered links to show for page `current` of `pages`: the first, the last and two either
 * side of the current one; null stands for a gap ("…") of two pages or more.
 */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let n = current - 2; n <= current + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    // A gap of one page shows that page rather than "…".
    if (previous !== undefined && n - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) out.push(null);
    out.push(n);
  });
  return out;
}

/** The distinct words of a query, longest first (so "passwords" wins over "password"). */
export function searchTerms(query: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of query.split(/\s+/u)) {
    const key = word.toLocaleLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms.sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

export function termPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null;
  return new RegExp(terms.map(escapeRegExp).join("|"), "giu");
}

export interface Segment {
  text: string;
  mark: boolean;
}

/** `text` cut into plain and matched segments; matching ignores case, the text keeps its own. */
export function highlight(text: string, terms: string[]): Segment[] {
  const pattern = termPattern(terms);
  if (!pattern || !text) return text ? [{ text, mark: false }] : [];
  const out: Segment[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (match[0] === "") continue;
    if (start > at) out.push({ text: text.slice(at, start), mark: false });
    out.push({ text: match[0], mark: true });
    at = start + match[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}

/**
 * The text without a leading copy of the title (pages often open with their heading). A title
 * ending in the site's name ("… | KeyNest Blog") counts by its part before the last bar.
 */
export function withoutTitle(text: string, title: string): string {
  const body = text.trim();
  const full = title.trim();
  const bar = full.lastIndexOf(" | ");
  for (const head of bar > 0 ? [full, full.slice(0, bar).trim()] : [full]) {
    if (head && body.toLocaleLowerCase().startsWith(head.toLocaleLowerCase())) {
      return body
        .slice(head.length)
        .replace(/^[\s:.\u2013\u2014-]+/u, "")
        .trim();
    }
  }
  return body;
}
