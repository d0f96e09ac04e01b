/** The glossary's letter index, groups and anchors (pure; the page is rendered on the server). */

export interface GlossaryTerm {
  term: string;
  definition: string;
}

export interface GlossaryEntry extends GlossaryTerm {
  /** The term's anchor id, stable while the term's spelling is. */
  id: string;
}

export interface GlossaryGroup {
  /** A letter of the page's alphabet, or `#` for terms that start with anything else. */
  letter: string;
  /** The letter's anchor id. */
  id: string;
  entries: GlossaryEntry[];
}

export interface LetterLink {
  letter: string;
  /** The anchor to jump to; absent for a letter without terms (shown, but no link). */
  href?: string;
}

export interface GlossaryView {
  index: LetterLink[];
  groups: GlossaryGroup[];
}

const LATIN = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
const OTHER = "#";

/**
 * The index letters of the languages written in another alphabet (by the locale's language
 * subtag): the letters a word may start with, in the alphabet's order. Russian files Ё under Е
 * and Й under И, as its dictionaries do; Ukrainian keeps Ґ, Є, І, Ї and Й as letters of their
 * own. Every other language of the site indexes by the Latin A–Z (CJK terms fall under `#`).
 */
const ALPHABETS: Readonly<
  Record<string, { letters: readonly string[]; folds?: Record<string, string> }>
> = {
  ru: { letters: [..."АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ"], folds: { Ё: "Е", Й: "И" } },
  uk: { letters: [..."АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЮЯ"] },
};

function alphabetOf(locale: string) {
  return ALPHABETS[locale.split("-")[0]!.toLowerCase()] ?? { letters: LATIN };
}

/** Latin letters without their marks: `Ä` → `A`; other scripts stay as they are. */
function withoutMarks(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
}

/**
 * The index letter of a term in the page's alphabet (A–Z unless `locale` writes in another):
 * its first letter without marks, `#` when that is not one of the alphabet's letters.
 */
export function letterOf(term: string, locale = "en"): string {
  const { letters, folds } = alphabetOf(locale);
  const first = withoutMarks(term.trim()).charAt(0).toUpperCase();
  const letter = folds?.[first] ?? first;
  return letters.includes(letter) ? letter : OTHER;
}

/**
 * An anchor id from a term: its letters and digits in lower case (Latin ones without marks),
 * words joined by `-`, at most 60 characters; empty when the term has none.
 */
export function slugify(text: string): string {
  const words = withoutMarks(text)
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return Array.from(words).slice(0, 60).join("").replace(/-+$/, "");
}

/** The anchor id of a letter group. */
function letterId(letter: string): string {
  return letter === OTHER ? "letter-other" : `letter-${letter.toLowerCase()}`;
}

/**
 * Groups terms by letter for the page: terms sorted with the page language's collation (ties by
 * code point, so the order never depends on the input's), empty or duplicate terms dropped, each
 * with a unique `term-…` id (a second term with the same slug gets `-2`, a term of
 * punctuation only `term-<n>`), and the alphabet's index (plus `#` when used) with links only
 * where terms are.
 */
export function glossaryView(terms: readonly GlossaryTerm[], locale: string): GlossaryView {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const seen = new Set<string>();
  const clean = terms
    .map((t) => ({ term: t.term.trim(), definition: t.definition.trim() }))
    .filter((t) => t.term && t.definition && !seen.has(t.term) && seen.add(t.term))
    .sort((a, b) => collator.compare(a.term, b.term) || (a.term < b.term ? -1 : 1));

  const ids = new Set<string>();
  const groups = new Map<string, GlossaryGroup>();
  clean.forEach((t, i) => {
    const slug = slugify(t.term) || String(i + 1);
    let id = `term-${slug}`;
    for (let n = 2; ids.has(id); n++) id = `term-${slug}-${n}`;
    ids.add(id);
    const letter = letterOf(t.term, locale);
    let group = groups.get(letter);
    if (!group) groups.set(letter, (group = { letter, id: letterId(letter), entries: [] }));
    group.entries.push({ ...t, id });
  });

  const { letters: alphabet } = alphabetOf(locale);
  const order = [...alphabet, OTHER];
  const sorted = [...groups.values()].sort(
    (a, b) => order.indexOf(a.letter) - order.indexOf(b.letter),
  );
  const letters = groups.has(OTHER) ? order : alphabet;
  const index = letters.map((letter) =>
    groups.has(letter) ? { letter, href: `#${letterId(letter)}` } : { letter },
  );
  return { index, groups: sorted };
}

/** Two answers of the glossary call hold the same terms (a translation falls back to English). */
export function sameGlossary(
  a: { title: string; terms: readonly GlossaryTerm[] },
  b: { title: string; terms: readonly GlossaryTerm[] },
): boolean {
  return (
    a.title === b.title &&
    a.terms.length === b.terms.length &&
    a.terms.every((t, i) => t.term === b.terms[i]?.term && t.definition === b.terms[i]?.definition)
  );
}
