import { describe, expect, it } from "vitest";
import { getT, translationKey } from "~/i18n/i18n.server";
import { getLanguage, LANG_CODES } from "~/i18n/languages";
import { MESSAGES } from "~/i18n/resources.server";
import { createTranslator } from "~/i18n/translate";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const VARS = {
  brand: "KeyNest",
  provider: "Orbitshield",
  company: "Orbitshield",
  year: 2026,
  language: "Deutsch",
  query: "<b>autofill</b> & more",
  page: 2,
  pages: 5,
  author: "Mia",
  platform: "Windows",
  product: "KeyNest",
  date: "2 May 2026",
  price: "$9.99",
  percent: 75,
};

function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === "object"
      ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(PLURAL, "")}`],
  );
}

describe("the browser's translator renders what i18next renders on the server", () => {
  it.each(LANG_CODES)("for every key of %s", (lang) => {
    const server = getT(lang);
    const browser = createTranslator(getLanguage(lang).iso, MESSAGES[lang]);
    const keys = [...new Set(keysOf(MESSAGES.en))];
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) {
      expect(browser(key, VARS), key).toBe(server(key, VARS));
      for (const count of [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5]) {
        expect(browser(key, { ...VARS, count }), `${key} count=${count}`).toBe(
          server(key, { ...VARS, count }),
        );
      }
    }
  });

  it.each(LANG_CODES)("the same again when %s strings are kept after the first call", (lang) => {
    const server = getT(lang);
    const browser = createTranslator(getLanguage(lang).iso, MESSAGES[lang]);
    for (const key of new Set(keysOf(MESSAGES.en))) {
      for (const vars of [undefined, VARS, { ...VARS, count: 1 }, { ...VARS, count: 5 }]) {
        const first = server(key, vars);
        expect(first, key).toBe(browser(key, vars));
        expect(server(key, vars), key).toBe(first);
      }
    }
  });

  it("keeps translations by key and short string or number variables only", () => {
    expect(translationKey("a.b")).toBe("a.b");
    expect(translationKey("a.b", { n: 1, b: "x" })).toBe(translationKey("a.b", { b: "x", n: 1 }));
    expect(translationKey("a.b", { n: 1 })).not.toBe(translationKey("a.b", { n: "1" }));
    expect(translationKey("a.b", { n: 1 })).not.toBe(translationKey("a.b", { m: 1 }));
    expect(translationKey("a.b", { query: "x".repeat(200) })).toBeNull();
    expect(translationKey("a.b", { when: new Date(0) })).toBeNull();
  });

  it("leaves unknown variables visible and unknown keys as the key", () => {
    const t = createTranslator("en", { a: { b: "Hello {{name}}" } });
    expect(t("a.b")).toBe("Hello {{name}}");
    expect(t("a.missing")).toBe("a.missing");
  });

  it("picks Ukrainian and Russian plural forms by count", () => {
    const ua = createTranslator("uk", MESSAGES.ua);
    expect(ua("search.resultCount", { count: 1 })).not.toBe(ua("search.resultCount", { count: 5 }));
    expect(ua("search.resultCount", { count: 2 })).not.toBe(ua("search.resultCount", { count: 5 }));
  });
});
