import type { LangCode } from "~/i18n/languages";

/**
 * Where a Japanese or Chinese headline may wrap. Those languages write no spaces, so an engine
 * without phrase breaking (`word-break: auto-phrase` is Chromium's alone) wraps anywhere, even
 * inside a word ("ひと|つ"). Headlines and buttons are set `word-break: keep-all` and get a
 * zero-width space between words here, from the platform's own dictionary segmenter
 * (`Intl.Segmenter`): the same opportunities in every engine, without any client code.
 *
 * Japanese words are kept in phrases: a particle or an ending (up to two kana: は, が, の, ます)
 * stays with the word before it, katakana compounds (パス|キー) and a one-kanji prefix (新|機能)
 * stay whole, and nothing breaks
 * before punctuation (keep-all already allows a break after it). A Latin word beside a CJK one
 * (a brand) gets a break too: keep-all would hold "あとはKeyNest" together.
 */
export const PHRASE_BREAK = "\u200b";

const SEGMENTED: Partial<Record<LangCode, string>> = { jp: "ja", zh: "zh" };
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]/u;
const KANA_ONLY = /^[\p{Script=Hiragana}]+$/u;
const HAN_ONLY = /^[\p{Script=Han}々]+$/u;
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー]+$/u;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(locale: string): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, found);
  }
  return found;
}

function breaksBefore(locale: string, before: string, word: string): boolean {
  if (!CJK.test(before.at(-1) ?? "") && !CJK.test(word[0] ?? "")) return false;
  if (locale !== "ja") return true;
  if (KANA_ONLY.test(word) && word.length <= 2) return false;
  if (HAN_ONLY.test(before) && before.length === 1) return false;
  return !(KATAKANA_ONLY.test(before) && KATAKANA_ONLY.test(word));
}

/** `text` with a zero-width space at each word boundary a line may break at (CJK pages only). */
export function withPhraseBreaks(text: string, lang: LangCode): string {
  const locale = SEGMENTED[lang];
  if (!locale || !CJK.test(text) || text.includes(PHRASE_BREAK)) return text;
  let out = "";
  let previous: Intl.SegmentData | undefined;
  for (const part of segmenter(locale).segment(text)) {
    if (
      previous?.isWordLike &&
      part.isWordLike &&
      breaksBefore(locale, previous.segment, part.segment)
    ) {
      out += PHRASE_BREAK;
    }
    out += part.segment;
    previous = part;
  }
  return out;
}
