import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ContentStore, type StoredPage } from "../../../mocks/content-store";
import { COMMENTS } from "../../../mocks/sales/catalogue";
import { LANG_CODES, type LangCode } from "~/i18n/languages";

/**
 * Social proof the sandbox content shows: one cast of reviewers (one person, one role and plan,
 * on every page and in every language), and every audience figure or rating with its source.
 */
const store = new ContentStore();
const providerName = store.brand.providerName;

interface Block {
  name: string;
  data?: Record<string, unknown>;
  components?: Block[];
}

/** The page's blocks in document order, nested ones right after their parent. */
function blocksOf(page: StoredPage): Block[] {
  const out: Block[] = [];
  const walk = (list: unknown[] | undefined) => {
    for (const block of (list ?? []) as Block[]) {
      out.push(block);
      walk(block.components);
    }
  };
  walk(page.data.components);
  return out;
}

function pagesIn(lang: LangCode): StoredPage[] {
  return [...store.pages.values()].filter((page) => page.lang === lang);
}

interface Quote {
  author: string;
  role?: string;
  rating?: number;
}

/** Every testimonial the language's pages quote, with the page it is on. */
function quotesIn(lang: LangCode): { path: string; quote: Quote }[] {
  return pagesIn(lang).flatMap((page) =>
    blocksOf(page)
      .filter((block) => block.name === "testimonials")
      .flatMap((block) =>
        ((block.data?.items ?? []) as Quote[]).map((quote) => ({ path: page.path, quote })),
      ),
  );
}

/** Each reviewer's roles in the language, and the pages they are quoted on. */
function castOf(lang: LangCode) {
  const cast = new Map<string, { roles: Set<string>; paths: Set<string> }>();
  for (const { path, quote } of quotesIn(lang)) {
    const person = cast.get(quote.author) ?? { roles: new Set(), paths: new Set() };
    person.roles.add(quote.role ?? "");
    person.paths.add(path);
    cast.set(quote.author, person);
  }
  return cast;
}

const YEAR = /\b20\d\d\b/g;
const years = (text: string) => [...text.matchAll(YEAR)].map((m) => m[0]);

describe("testimonials: one cast of reviewers", () => {
  const english = castOf("en");

  it("quotes a small cast in English, each reviewer with a role and the year their plan began", () => {
    expect(english.size).toBeGreaterThanOrEqual(5);
    for (const [author, { roles }] of english) {
      expect(author, author).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
      expect([...roles][0], author).toMatch(/ · .*\b20\d\d\b/);
    }
  });

  for (const lang of LANG_CODES) {
    it(`${lang}: every reviewer has exactly one role, wherever they are quoted`, () => {
      for (const [author, { roles }] of castOf(lang)) {
        expect([...roles], `${lang} ${author}`).toHaveLength(1);
        expect([...roles][0], `${lang} ${author}`).not.toBe("");
      }
    });

    it(`${lang}: the same reviewers as English, on the same pages, with their plan from the same year`, () => {
      const cast = castOf(lang);
      expect([...cast.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [author, person] of cast) {
        const en = english.get(author)!;
        expect([...person.paths].sort(), `${lang} ${author}`).toEqual([...en.paths].sort());
        expect(years([...person.roles][0]!), `${lang} ${author}`).toEqual(years([...en.roles][0]!));
      }
    });
  }

  it("the sales service's comments come from the same people in every language, rated alike", () => {
    const people = (lang: string) =>
      (COMMENTS[lang] ?? []).map(({ name, country, rating, date }) => ({
        name,
        country,
        rating,
        date,
      }));
    expect(people("en").length).toBeGreaterThanOrEqual(3);
    for (const lang of LANG_CODES) expect(people(lang), lang).toEqual(people("en"));
    // A commenter quoted on a page too is one of the cast.
    const quoted = new Set(english.keys());
    const named = people("en").filter((person) => quoted.has(person.name));
    expect(named.length).toBeGreaterThan(0);
  });
});

/** A stats value that counts people, things or countries ("48M+", "2,1 Mio.", "4,800万+"). */
const COUNT = /\d.*(\+|M\b|K\b|Mio|млн|тыс|тис|milyon|bin\b|万|亿)/u;
/** A score or star rating ("9/10", "4.8/5", "★"). */
const SCORE = /^\d+([.,]\d+)?\s*\/\s*(5|10)$|★/;

/** The number a count stands for, whatever the language writes it like. */
function figure(value: string): number {
  const unit: [RegExp, number][] = [
    [/亿/, 1e8],
    [/万/, 1e4],
    [/M\b|Mio|млн|milyon/u, 1e6],
    [/K\b|тыс|тис|bin\b/u, 1e3],
  ];
  const times = unit.find(([re]) => re.test(value))?.[1] ?? 1;
  const digits = value.replace(/[\s\u00a0]/g, "").match(/\d[\d.,]*/)?.[0] ?? "";
  // A separator followed by three digits groups thousands; any other is the decimal mark.
  const number = digits.replace(/[.,](?=\d{3}(\D|$))/g, "").replace(",", ".");
  return Number(number) * times;
}

interface Stat {
  value: string;
  label: string;
}

function statsOf(page: StoredPage): Stat[][] {
  return blocksOf(page)
    .filter((block) => block.name === "stats")
    .map((block) => (block.data?.items ?? []) as Stat[]);
}

describe("figures and ratings carry their source", () => {
  it("reads the numbers of every language alike", () => {
    expect(figure("48M+")).toBe(48e6);
    expect(figure("4,800万+")).toBe(48e6);
    expect(figure("2,1 Mio.")).toBe(2.1e6);
    expect(figure("310.000+")).toBe(310e3);
    expect(figure("310 тыс.+")).toBe(310e3);
    expect(figure("31万+")).toBe(310e3);
    expect(figure("140+")).toBe(140);
  });

  for (const lang of LANG_CODES) {
    it(`${lang}: every count says whose figure it is and when; every score, when it was given`, () => {
      const checked: string[] = [];
      for (const page of pagesIn(lang)) {
        for (const items of statsOf(page)) {
          for (const { value, label } of items) {
            if (COUNT.test(value)) {
              expect(label, `${lang}:${page.path} ${value}`).toContain(providerName);
              expect(years(label), `${lang}:${page.path} ${value}`).not.toEqual([]);
              checked.push(value);
            } else if (SCORE.test(value)) {
              expect(years(label), `${lang}:${page.path} ${value}`).not.toEqual([]);
              checked.push(value);
            }
          }
        }
      }
      expect(checked.length).toBeGreaterThan(0);
    });

    it(`${lang}: one figure, one source: a value reads the same label on every page`, () => {
      const labels = new Map<string, Set<string>>();
      for (const page of pagesIn(lang)) {
        for (const { value, label } of statsOf(page).flat()) {
          if (!COUNT.test(value)) continue;
          labels.set(value, (labels.get(value) ?? new Set()).add(label));
        }
      }
      for (const [value, set] of labels) expect([...set], `${lang} ${value}`).toHaveLength(1);
    });

    it(`${lang}: the counts are English's, from a source of the same date`, () => {
      for (const page of pagesIn("en")) {
        const mine = store.page(lang, page.path);
        if (!mine) continue;
        const en = statsOf(page);
        const here = statsOf(mine);
        expect(
          here.map((items) => items.length),
          page.path,
        ).toEqual(en.map((items) => items.length));
        en.forEach((items, b) =>
          items.forEach((item, i) => {
            const other = here[b]![i]!;
            if (!COUNT.test(item.value)) return;
            expect(figure(other.value), `${lang}:${page.path} ${item.value}`).toBe(
              figure(item.value),
            );
            expect(years(other.label), `${lang}:${page.path} ${item.value}`).toEqual(
              years(item.label),
            );
          }),
        );
      }
    });

    it(`${lang}: star ratings are followed by a line saying where and when they were given`, () => {
      for (const page of pagesIn(lang)) {
        const blocks = blocksOf(page);
        blocks.forEach((block, i) => {
          if (block.name !== "testimonials") return;
          const items = (block.data?.items ?? []) as Quote[];
          const rated =
            block.data?.source === "comments" || items.some((q) => q.rating !== undefined);
          if (!rated) return;
          const next = blocks[i + 1];
          expect(next?.name, `${lang}:${page.path}`).toBe("rich-text");
          expect(years(String(next?.data?.html ?? "")), `${lang}:${page.path}`).not.toEqual([]);
        });
      }
    });
  }
});

describe("brand names", () => {
  const dir = fileURLToPath(new URL("../../../mocks/content", import.meta.url));
  const files = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith(".json") ? [join(d, e.name)] : [],
    );

  it("content names the product and the company only by their placeholders", () => {
    for (const file of files(dir)) {
      const text = readFileSync(file, "utf8");
      expect(text.match(/KeyNest|Orbitshield/gi), file).toBeNull();
    }
  });

  it("says what the company cannot read as the company behind the product", () => {
    for (const lang of LANG_CODES) {
      const home = store.page(lang, "/")!;
      expect(home.body, lang).toContain(providerName);
      expect(home.body, lang).toMatch(/KeyNest.{0,40}Orbitshield|Orbitshield.{0,40}KeyNest/);
    }
  });
});
