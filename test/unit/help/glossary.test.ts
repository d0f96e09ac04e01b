import { describe, expect, it } from "vitest";
import { glossaryView, letterOf, sameGlossary, slugify } from "~/help/glossary";

describe("slugify", () => {
  it.each([
    ["AES-256", "aes-256"],
    ["Two-factor authentication (2FA)", "two-factor-authentication-2fa"],
    ["Öffentliches WLAN", "offentliches-wlan"],
    ["Übernahme eines Kontos", "ubernahme-eines-kontos"],
    ["Straße", "strasse"],
    ["  Zero-knowledge   architecture ", "zero-knowledge-architecture"],
    ["<script>alert(1)</script>", "script-alert-1-script"],
    ["Пароль", "пароль"],
    ["密码 管理", "密码-管理"],
    ["!!!", ""],
    ["a".repeat(80), "a".repeat(60)],
  ])("%s → %s", (term, slug) => {
    expect(slugify(term)).toBe(slug);
  });
});

describe("letterOf", () => {
  it.each([
    ["AES-256", "A"],
    ["authenticator", "A"],
    ["Öffentliches WLAN", "O"],
    ["Élan", "E"],
    ["2FA backup codes", "#"],
    ["Пароль", "#"],
    ["  vault", "V"],
  ])("%s → %s", (term, letter) => {
    expect(letterOf(term)).toBe(letter);
  });
});

const terms = (...names: string[]) => names.map((term) => ({ term, definition: `About ${term}` }));

describe("glossaryView", () => {
  it("sorts with the language's collation and groups by letter", () => {
    const view = glossaryView(
      terms("Übernahme", "Zahl", "Apfel", "Öffentlich", "Ähnlich", "ober", "Unter"),
      "de",
    );
    expect(view.groups.map((g) => [g.letter, g.entries.map((e) => e.term)])).toEqual([
      ["A", ["Ähnlich", "Apfel"]],
      ["O", ["ober", "Öffentlich"]],
      ["U", ["Übernahme", "Unter"]],
      ["Z", ["Zahl"]],
    ]);
  });

  it("links only the letters that have terms, in A–Z order", () => {
    const view = glossaryView(terms("Vault", "Passkey", "Salt"), "en");
    expect(view.index).toHaveLength(26);
    expect(view.index.filter((l) => l.href)).toEqual([
      { letter: "P", href: "#letter-p" },
      { letter: "S", href: "#letter-s" },
      { letter: "V", href: "#letter-v" },
    ]);
    expect(view.index[0]).toEqual({ letter: "A" });
    expect(view.groups.map((g) => g.id)).toEqual(["letter-p", "letter-s", "letter-v"]);
  });

  it("indexes a Russian glossary by the Russian alphabet: Ё under Е, Й under И, Latin under #", () => {
    const view = glossaryView(terms("Шифрование", "Ёмкость", "Йод", "AES-256", "Атака"), "ru");
    expect(view.index.map((l) => l.letter).join("")).toBe("АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ#");
    expect(view.index[0]).toEqual({ letter: "А", href: "#letter-а" });
    expect(view.groups.map((g) => [g.letter, g.entries.map((e) => e.term)])).toEqual([
      ["А", ["Атака"]],
      ["Е", ["Ёмкость"]],
      ["И", ["Йод"]],
      ["Ш", ["Шифрование"]],
      ["#", ["AES-256"]],
    ]);
  });

  it("indexes a Ukrainian glossary by the Ukrainian alphabet, Ґ Є І Ї Й letters of their own", () => {
    const view = glossaryView(terms("Їжак", "Ґанок", "Сховище", "Йога", "Ідея"), "uk");
    expect(view.index.map((l) => l.letter).join("")).toBe("АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЮЯ");
    expect(view.groups.map((g) => g.letter)).toEqual(["Ґ", "І", "Ї", "Й", "С"]);
  });

  it("adds # after Z for terms that start with anything else", () => {
    const view = glossaryView(terms("2FA", "Пароль", "Hash"), "en");
    expect(view.index.at(-1)).toEqual({ letter: "#", href: "#letter-other" });
    expect(view.groups.map((g) => g.letter)).toEqual(["H", "#"]);
    expect(view.groups[1]?.entries.map((e) => e.id)).toEqual(["term-2fa", "term-пароль"]);
  });

  it.each([
    ["unique slugs", terms("Salt", "SALT!", "salt?"), ["term-salt", "term-salt-2", "term-salt-3"]],
    ["ids from the term, not the order", terms("Vault", "Hash"), ["term-hash", "term-vault"]],
  ])("gives %s", (_, input, ids) => {
    const view = glossaryView(input, "en");
    expect(view.groups.flatMap((g) => g.entries.map((e) => e.id))).toEqual(ids);
  });

  it("drops empty terms, empty definitions and repeated terms", () => {
    const view = glossaryView(
      [
        { term: " ", definition: "x" },
        { term: "Salt", definition: " " },
        { term: "Hash", definition: "one" },
        { term: "Hash", definition: "two" },
      ],
      "en",
    );
    expect(view.groups.flatMap((g) => g.entries)).toEqual([
      { term: "Hash", definition: "one", id: "term-hash" },
    ]);
  });

  it("keeps definitions as text (escaping is the renderer's)", () => {
    const view = glossaryView([{ term: "XSS", definition: "<script>x</script>" }], "en");
    expect(view.groups[0]?.entries[0]?.definition).toBe("<script>x</script>");
  });
});

describe("sameGlossary", () => {
  const a = { title: "G", terms: terms("A", "B") };
  it.each([
    [a, { title: "G", terms: terms("A", "B") }, true],
    [a, { title: "H", terms: terms("A", "B") }, false],
    [a, { title: "G", terms: terms("A") }, false],
    [a, { title: "G", terms: terms("A", "C") }, false],
  ])("%#", (x, y, same) => {
    expect(sameGlossary(x, y)).toBe(same);
  });
});
