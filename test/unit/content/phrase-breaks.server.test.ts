import { describe, expect, it } from "vitest";
import { PHRASE_BREAK, withPhraseBreaks } from "~/content/phrase-breaks.server";

const shown = (text: string) => text.split(PHRASE_BREAK).join("|");

describe("withPhraseBreaks", () => {
  it("lets a Japanese headline wrap between phrases, never inside a word", () => {
    expect(
      shown(withPhraseBreaks("覚えるパスワードはひとつだけ。あとはKeyNestが覚えます。", "jp")),
    ).toBe("覚える|パスワードは|ひとつだけ。あとは|KeyNestが|覚えます。");
  });

  it("keeps katakana compounds and particles with their word", () => {
    expect(shown(withPhraseBreaks("すべてのプラットフォームでパスキーに対応", "jp"))).toBe(
      "すべての|プラットフォームで|パスキーに|対応",
    );
    expect(shown(withPhraseBreaks("シンプルなプランで、確かな保護を", "jp"))).toBe(
      "シンプルな|プランで、確かな|保護を",
    );
  });

  it("breaks Chinese between words", () => {
    expect(shown(withPhraseBreaks("只需记住一个密码，其余交给KeyNest。", "zh"))).toBe(
      "只需|记住|一个|密码，其余|交给|KeyNest。",
    );
  });

  it("leaves other languages, English text on a CJK page and marked text alone", () => {
    expect(withPhraseBreaks("Eine Passwortverwaltung für alle", "de")).toBe(
      "Eine Passwortverwaltung für alle",
    );
    expect(withPhraseBreaks("One password to remember", "jp")).toBe("One password to remember");
    const marked = withPhraseBreaks("家族全員のパスワード", "jp");
    expect(withPhraseBreaks(marked, "jp")).toBe(marked);
  });
});
