import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANG,
  LANG_CODES,
  LANGUAGES,
  getLanguage,
  isLangCode,
  isPrefixedLang,
  langFromIso,
} from "~/i18n/languages";
import { localizePath, normalizePath, splitLangPath, withoutUnknownPrefix } from "~/i18n/paths";

describe("languages (SPEC §1)", () => {
  it("lists exactly the nine site languages in SPEC order, en first and default", () => {
    expect(LANG_CODES).toEqual(["en", "jp", "ru", "tr", "fr", "de", "ua", "es", "zh"]);
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANG_CODES]);
    expect(DEFAULT_LANG).toBe("en");
  });

  it("does not route Persian although its texts exist", () => {
    expect(isLangCode("fa")).toBe(false);
    expect(langFromIso("fa-IR")).toBeNull();
  });

  it.each([
    ["en", "en"],
    ["jp", "ja"],
    ["ru", "ru"],
    ["tr", "tr"],
    ["fr", "fr"],
    ["de", "de"],
    ["ua", "uk"],
    ["es", "es"],
    ["zh", "zh"],
  ] as const)("maps the URL code %s to the ISO tag %s", (code, iso) => {
    expect(getLanguage(code).iso).toBe(iso);
    expect(langFromIso(iso)).toBe(code);
  });

  it.each(LANGUAGES.map((l) => [l.code, l] as const))(
    "describes %s with a name, short name and locale file",
    (code, language) => {
      expect(language.label.length).toBeGreaterThan(0);
      expect(language.shortName).toBe(code.toUpperCase());
      expect(language.file).toBe(`${code}.json`);
    },
  );

  it.each([
    ["ja", "jp"],
    ["uk-UA", "ua"],
    ["zh-Hant", "zh"],
    ["DE_at", "de"],
    [" fr ", "fr"],
    ["jp", null],
    ["ua", null],
    ["", null],
  ] as const)("maps the ISO tag %j to %j", (tag, code) => {
    expect(langFromIso(tag)).toBe(code);
  });

  it.each([
    ["en", true, false],
    ["de", true, true],
    ["jp", true, true],
    ["ja", false, false],
    ["xx", false, false],
    [42, false, false],
  ] as const)("classifies %j as language=%s, URL prefix=%s", (value, lang, prefixed) => {
    expect(isLangCode(value)).toBe(lang);
    expect(isPrefixedLang(value)).toBe(prefixed);
  });
});

describe("splitLangPath", () => {
  it.each([
    ["/", "en", "/", false],
    ["/robots.txt", "en", "/robots.txt", false],
    ["/favicon.ico", "en", "/favicon.ico", false],
    ["/features", "en", "/features", false],
    ["/features/", "en", "/features", false],
    ["/xx/features", "en", "/xx/features", false],
    ["/en/features", "en", "/en/features", false],
    ["/de", "de", "/", true],
    ["/de/", "de", "/", true],
    ["/jp/help", "jp", "/help", true],
    ["/ua/help/manuals/", "ua", "/help/manuals", true],
    ["/zh//blog", "zh", "/blog", true],
    ["/deutsch", "en", "/deutsch", false],
  ] as const)(
    "splits %s into language %s and path %s (prefixed: %s)",
    (url, lang, path, prefixed) => {
      expect(splitLangPath(url)).toEqual({ lang, path, prefixed });
      // Asked again: the same answer, shared and frozen.
      expect(splitLangPath(url)).toBe(splitLangPath(url));
      expect(Object.isFrozen(splitLangPath(url))).toBe(true);
    },
  );

  it("splits afresh past its memory: a thousand other paths, a long one", () => {
    const first = splitLangPath("/de/preise");
    for (let i = 0; i < 1_000; i++) splitLangPath(`/de/page-${i}`);
    expect(splitLangPath("/de/preise")).toEqual(first);
    const long = `/de/${"x".repeat(300)}`;
    expect(splitLangPath(long)).toEqual({ lang: "de", path: long.slice(3), prefixed: true });
    expect(splitLangPath(long)).not.toBe(splitLangPath(long));
  });
});

describe("normalizePath", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["features", "/features"],
    ["/features/", "/features"],
    ["//help///manuals//", "/help/manuals"],
  ])("normalizes %j to %j", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe("localizePath", () => {
  it.each([
    ["/", "en", "/"],
    ["/features", "en", "/features"],
    ["/", "de", "/de"],
    ["/features", "de", "/de/features"],
    ["/help/", "jp", "/jp/help"],
    ["pricing", "ua", "/ua/pricing"],
  ] as const)("puts %s in %s at %s (en has no prefix)", (path, lang, expected) => {
    expect(localizePath(path, lang)).toBe(expected);
  });

  it.each(LANG_CODES.map((code) => [code]))(
    "round-trips /help/manuals through splitLangPath in %s",
    (code) => {
      const split = splitLangPath(localizePath("/help/manuals", code));
      expect(split).toMatchObject({ lang: code, path: "/help/manuals" });
    },
  );
});

describe("withoutUnknownPrefix (a junk language prefix is redirected away, never a page)", () => {
  it.each([
    ["/xx/features", "/features"],
    ["/zz/features", "/features"],
    // Japanese is /jp/; the ISO code is no prefix.
    ["/ja/features", "/features"],
    ["/XX/features", "/features"],
    // Known codes count in lower case only, and en is never a prefix.
    ["/DE/features", "/features"],
    ["/en/help/manuals", "/help/manuals"],
    ["/xx", "/"],
    ["/xx/", "/"],
    // Every leading junk segment at once: the target never starts with another (one hop).
    ["/zz/yy/x", "/x"],
    ["/zz/yy", "/"],
    ["/zz/de/features", "/de/features"],
    ["/zz/features/yy", "/features/yy"],
    // After a real prefix a two-letter segment is content (a 404 when no page has it).
    ["/de/zz/features", null],
    ["/de/features", null],
    ["/jp/help", null],
    ["/jp", null],
    ["/features", null],
    ["/robots.txt", null],
    ["/abc/features", null],
    ["/x1/features", null],
    ["/a/features", null],
    ["/", null],
  ])("turns %s into %j", (path, expected) => {
    expect(withoutUnknownPrefix(path)).toBe(expected);
  });

  it.each(["/zz/yy/x", "/xx", "/ja/features", "/zz/de/features"])(
    "gives %s a target that needs no second redirect",
    (path) => {
      expect(withoutUnknownPrefix(withoutUnknownPrefix(path)!)).toBeNull();
    },
  );
});
