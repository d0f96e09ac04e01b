/**
 * A search result's excerpt (the loader's part of search-text.ts): a window of the upstream's
 * text cut at word boundaries, found with Intl.Segmenter, which runs here on the server only.
 */
import {
  EXCERPT_LENGTH,
  highlight,
  searchTerms,
  termPattern,
  withoutTitle,
  type Segment,
} from "./search-text";

/** An ellipsis at either end of an upstream excerpt: the text it was cut from goes on there. */
const LEADING_CUT = /^(?:…|\.{3})\s*/u;
const TRAILING_CUT = /\s*(?:…|\.{3})$/u;
/** Spaces and running punctuation left at a cut, before its "…". */
const LOOSE_END = /[\s,;:\u3001\u2013\u2014-]+$/u;

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

interface Word {
  start: number;
  end: number;
}

/**
 * The words of `text` (Intl.Segmenter: between spaces and punctuation in most scripts, by a
 * dictionary in Chinese and Japanese, which put no spaces between words).
 */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const { segment, index, isWordLike } of wordSegmenter.segment(text)) {
    if (isWordLike) words.push({ start: index, end: index + segment.length });
  }
  return words;
}

/**
 * A window of about EXCERPT_LENGTH characters of `text` around the first matched term that
 * starts and ends with whole words, with "…" where it was cut. An upstream excerpt that was cut
 * itself ("…ord manager keeps your vau…") loses the pieces of words at its cut ends.
 */
export function excerptWindow(text: string, terms: string[], length = EXCERPT_LENGTH): string {
  let clean = text.replace(/\s+/gu, " ").trim();
  const cutBefore = LEADING_CUT.test(clean);
  const cutAfter = TRAILING_CUT.test(clean);
  clean = clean.replace(LEADING_CUT, "").replace(TRAILING_CUT, "");
  const words = wordsOf(clean);
  // The whole words: an upstream cut may have left a piece of one at either end.
  const first = cutBefore && words.length > 1 ? 1 : 0;
  const last = cutAfter && words.length - first > 1 ? words.length - 2 : words.length - 1;
  if (last < first) return clean ? `${cutBefore ? "…" : ""}${clean}${cutAfter ? "…" : ""}` : "";
  let from = first;
  let to = last;
  const span = (a: number, b: number) => words[b]!.end - words[a]!.start;
  if (span(from, to) > length) {
    const pattern = termPattern(terms);
    const hit = pattern ? clean.slice(words[first]!.start).search(pattern) : -1;
    const at = hit === -1 ? 0 : words[first]!.start + hit;
    // Some of the text before the match (60 characters of the usual 220), from a word's start.
    const lead = Math.min(60, Math.floor(length / 3));
    while (from < last && words[from + 1]!.start <= at - lead) from++;
    to = from;
    while (to < last && span(from, to + 1) <= length) to++;
  }
  // Whole at an end the text was not cut at: its opening quote or closing full stop stay.
  const start = from === 0 && !cutBefore ? 0 : words[from]!.start;
  const end = to === words.length - 1 && !cutAfter ? clean.length : words[to]!.end;
  const before = start > 0 || cutBefore ? "…" : "";
  const after = end < clean.length || cutAfter ? "…" : "";
  const body = clean.slice(start, end).trim();
  return `${before}${after ? body.replace(LOOSE_END, "") : body}${after}`;
}

/** The excerpt of one result, ready to render: without the title, windowed, terms marked. */
export function resultExcerpt(text: string, title: string, query: string): Segment[] {
  const terms = searchTerms(query);
  return highlight(excerptWindow(withoutTitle(text, title), terms), terms);
}
