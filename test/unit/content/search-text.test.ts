import { describe, expect, it } from "vitest";
import {
  checkQuery,
  highlight,
  MAX_QUERY,
  pageCount,
  pageNumbers,
  parsePage,
  searchTerms,
  withoutTitle,
  type Segment,
} from "~/content/search-text";
import { excerptWindow, resultExcerpt } from "~/content/search-excerpt.server";

/** Segments written compactly: marked text in [brackets]. */
function show(segments: Segment[]): string {
  return segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join("");
}

describe("checkQuery", () => {
  it.each([
    [null, { kind: "empty" }],
    ["", { kind: "empty" }],
    ["   \t ", { kind: "empty" }],
    ["  two   words ", { kind: "ok", query: "two words" }],
    ["a".repeat(MAX_QUERY), { kind: "ok", query: "a".repeat(MAX_QUERY) }],
    ["a".repeat(MAX_QUERY + 1), { kind: "tooLong" }],
    ["😀".repeat(MAX_QUERY), { kind: "ok", query: "😀".repeat(MAX_QUERY) }],
    ["<script>alert(1)</script>", { kind: "ok", query: "<script>alert(1)</script>" }],
  ])("%j → %j", (raw, expected) => {
    expect(checkQuery(raw)).toEqual(expected);
  });
});

describe("parsePage", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["9999", 9999],
    ["0", null],
    ["-1", null],
    ["01", null],
    ["1.5", null],
    ["2e1", null],
    ["abc", null],
    ["10000", null],
    [" 2", null],
  ])("%j → %j", (raw, expected) => {
    expect(parsePage(raw)).toBe(expected);
  });
});

describe("pageCount and pageNumbers", () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [50, 5],
  ])("%i results fill %i pages", (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 9, [1, 2, 3, null, 9]],
    [3, 9, [1, 2, 3, 4, 5, null, 9]],
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [6, 12, [1, null, 4, 5, 6, 7, 8, null, 12]],
    [12, 12, [1, null, 10, 11, 12]],
  ])("page %i of %i", (current, pages, expected) => {
    expect(pageNumbers(current, pages)).toEqual(expected);
  });
});

describe("searchTerms", () => {
  it.each([
    ["password", ["password"]],
    ["Password password PASSWORD", ["Password"]],
    ["pass passwords", ["passwords", "pass"]],
    ["a b c d e f g h i j", ["a", "b", "c", "d", "e", "f", "g", "h"]],
  ])("%j → %j", (query, expected) => {
    expect(searchTerms(query)).toEqual(expected);
  });
});

describe("highlight", () => {
  it.each([
    ["keeps the text's own case", "Your Password is safe", ["password"], "Your [Password] is safe"],
    ["marks every occurrence", "pass, Pass and PASS", ["pass"], "[pass], [Pass] and [PASS]"],
    [
      "marks several terms",
      "Strong passwords and secure vaults",
      ["vault", "strong"],
      "[Strong] passwords and secure [vault]s",
    ],
    ["prefers the longer term", "passwords", ["passwords", "pass"], "[passwords]"],
    [
      "treats regex characters as text",
      "C++ (and .NET) cost $5?",
      ["c++", "(and", "$5?"],
      "[C++] [(and] .NET) cost [$5?]",
    ],
    ["does not treat a dot as any character", "abc a.c", ["a.c"], "abc [a.c]"],
    [
      "matches unicode case-insensitively",
      "Über das PASSWORT — Ärger vermeiden",
      ["über", "ärger", "passwort"],
      "[Über] das [PASSWORT] — [Ärger] vermeiden",
    ],
    ["matches Cyrillic", "Менеджер Паролей", ["паролей"], "Менеджер [Паролей]"],
    ["matches CJK", "密码管理器保护密码", ["密码"], "[密码]管理器保护[密码]"],
    ["leaves markup as text", "<b>bold</b> password", ["<b>"], "[<b>]bold</b> password"],
    ["has nothing to mark without terms", "plain text", [], "plain text"],
    ["has nothing to mark when nothing matches", "plain text", ["zzz"], "plain text"],
  ])("%s", (_case, text, terms, expected) => {
    expect(show(highlight(text, terms))).toBe(expected);
  });

  it("gives nothing for empty text", () => {
    expect(highlight("", ["a"])).toEqual([]);
  });

  it("keeps every character of the text", () => {
    const text = "Ab ab AB aB 😀 ab";
    expect(
      highlight(text, ["ab"])
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
  });
});

describe("withoutTitle", () => {
  it.each([
    ["Password Generator Create strong passwords", "Password generator", "Create strong passwords"],
    ["Password Generator: Create", "Password Generator", "Create"],
    ["Create strong passwords", "Password Generator", "Create strong passwords"],
    ["  text  ", "", "text"],
    [
      "Passkeys explained: no password. You have",
      "Passkeys explained: no password | Blog",
      "You have",
    ],
    ["A | B text", "A | B", "text"],
    ["Other text", "Passkeys | Blog", "Other text"],
  ])("%j without %j", (text, title, expected) => {
    expect(withoutTitle(text, title)).toBe(expected);
  });
});

describe("excerptWindow", () => {
  it("keeps a short text whole", () => {
    expect(excerptWindow("Short  text", ["text"])).toBe("Short text");
  });

  it("cuts an over-long text around the first match at word boundaries", () => {
    const text = `${"lorem ipsum ".repeat(30)}the password sits here ${"dolor sit ".repeat(30)}`;
    const out = excerptWindow(text, ["password"], 100);
    expect(out.startsWith("…")).toBe(true);
    expect(out.endsWith("…")).toBe(true);
    expect(out).toContain("password");
    expect(out.length).toBeLessThanOrEqual(102);
    expect(out).not.toMatch(/…\S*[a-z]ipsum|lore…/);
  });

  it("starts at the beginning when there is no match", () => {
    const out = excerptWindow("word ".repeat(100), ["zzz"], 50);
    expect(out.startsWith("word")).toBe(true);
    expect(out.endsWith("…")).toBe(true);
  });
});

/** True when every word of `excerpt` (its "…" taken off) is a whole word of `text`. */
function wholeWords(excerpt: string, text: string): boolean {
  const words = new Set(text.split(/[\s.,]+/u));
  return excerpt
    .replace(/…/gu, " ")
    .split(/[\s.,]+/u)
    .filter(Boolean)
    .every((word) => words.has(word));
}

describe("excerptWindow at word boundaries", () => {
  const text =
    "Strong passwords are long and random. A password manager remembers every one of them, " +
    "fills them in for you and warns you when a site you use has leaked its passwords. " +
    "KeyNest keeps your vault encrypted on your devices, so nobody but you can read it, " +
    "not even us. Share a login with your family without sending it in a message.";

  it.each([
    ["password", 80],
    ["vault", 80],
    ["family", 60],
    ["leaked", 100],
    ["zzz", 70],
  ])("cuts around %j into whole words (%i characters)", (term, length) => {
    const out = excerptWindow(text, [term], length);
    expect(out.replace(/…/gu, "").length).toBeLessThanOrEqual(length);
    expect(wholeWords(out, text)).toBe(true);
    if (term !== "zzz") expect(out).toContain(term);
  });

  it("marks only the ends it cut with an ellipsis, with no space or comma before it", () => {
    const out = excerptWindow(text, ["vault"], 80);
    expect(out).toMatch(/^…\S/u);
    expect(out).toMatch(/[^\s,]…$/u);
    expect(excerptWindow(text, ["strong"], 60)).toMatch(/^Strong passwords/);
    expect(excerptWindow(text, ["message"], 60)).toMatch(/in a message\.$/);
  });

  it.each([
    [
      "drops the pieces of words an upstream excerpt was cut in",
      "…ord manager keeps every password safe in one vau…",
      "…manager keeps every password safe in one…",
    ],
    [
      "reads three dots as an ellipsis",
      "...ssword manager keeps every password safe...",
      "…manager keeps every password…",
    ],
    [
      "keeps an upstream excerpt cut only at its end",
      "A password manager keeps every password saf…",
      "A password manager keeps every password…",
    ],
    ["keeps a single cut word rather than nothing", "…password…", "…password…"],
    ["gives nothing for an empty text", "", ""],
  ])("%s", (_case, input, expected) => {
    expect(excerptWindow(input, ["password"])).toBe(expected);
  });

  it("cuts Japanese between words, which no space separates", () => {
    const jp = "パスワードマネージャーはすべてのパスワードを一つの保管庫に安全に保存します。";
    const out = excerptWindow(jp, ["保管庫"], 20);
    expect(out).toContain("保管庫");
    expect(out).toMatch(/^…パスワード/u);
    expect(out.endsWith("…")).toBe(true);
    expect(out.replace(/…/gu, "").length).toBeLessThanOrEqual(20);
  });
});

describe("resultExcerpt", () => {
  it("drops the title, keeps the case and marks the terms", () => {
    expect(
      show(
        resultExcerpt(
          "Password Manager Keep every Password in one vault",
          "Password manager",
          "password VAULT",
        ),
      ),
    ).toBe("Keep every [Password] in one [vault]");
  });

  it("handles a query of regex characters", () => {
    expect(show(resultExcerpt("a (b) c", "", "(b) ["))).toBe("a [(b)] c");
  });
});
