import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ContentStore } from "../../../mocks/content-store";
import { LANG_CODES } from "~/i18n/languages";

const PUBLIC = join(__dirname, "../../../public");
const store = new ContentStore();

interface Placed {
  lang: string;
  page: string;
  /** Where in the page's JSON the image sits. */
  at: string;
  src: string;
  description: string;
}

/** Every /demo/ image on the pages outside the blog (the sandbox's fault fixtures left out). */
function images(): Placed[] {
  const found: Placed[] = [];
  const walk = (value: unknown, lang: string, page: string, at: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, lang, page, `${at}/${i}`));
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.src === "string" && record.src.startsWith("/demo/")) {
        const description = typeof record.description === "string" ? record.description : "";
        found.push({ lang, page, at, src: record.src, description });
      }
      for (const [key, child] of Object.entries(record)) walk(child, lang, page, `${at}/${key}`);
    }
  };
  for (const page of store.pages.values()) {
    if (page.path.startsWith("/blog") || page.path.startsWith("/sandbox/")) continue;
    walk(page.data.components, page.lang, page.path, "");
  }
  return found;
}

const all = images();
const content = all.filter((image) => !image.at.includes("/meta/"));
const shots = content.filter((image) => image.src.startsWith("/demo/shots/"));
/** The product shots and the security pages' diagrams, both drawn per language. */
const drawn = content.filter((image) => /^\/demo\/(shots|security)\//.test(image.src));

describe("the pictures on the pages outside the blog (mocks/content)", () => {
  it("finds the product shots on the main pages of every language", () => {
    expect(shots.length).toBeGreaterThanOrEqual(LANG_CODES.length * 16);
    for (const lang of LANG_CODES) {
      expect(
        shots.some((s) => s.lang === lang && s.page === "/features"),
        lang,
      ).toBe(true);
    }
  });

  it("references only images that exist in public/", () => {
    const missing = all.filter((image) => !existsSync(join(PUBLIC, image.src)));
    expect(missing.map((m) => `${m.lang}${m.page}: ${m.src}`)).toEqual([]);
  });

  it("shows a product shot or a diagram, never a loose /demo picture", () => {
    const loose = all.filter((image) => /^\/demo\/[^/]+$/.test(image.src));
    expect(loose.map((l) => `${l.lang}${l.page}${l.at}: ${l.src}`)).toEqual([]);
  });

  it("shows each product shot and diagram on at most two pages of a language", () => {
    const pages = new Map<string, Set<string>>();
    for (const shot of drawn) {
      const key = `${shot.lang} ${shot.src}`;
      pages.set(key, (pages.get(key) ?? new Set()).add(shot.page));
    }
    const overused = [...pages]
      .filter(([, on]) => on.size > 2)
      .map(([key, on]) => `${key}: ${[...on].join(", ")}`);
    expect(overused).toEqual([]);
  });

  it("shows each language its own language's shots and diagrams", () => {
    const foreign = drawn.filter(
      (shot) => !shot.src.startsWith(`/demo/${shot.src.split("/")[2]}/${shot.lang}/`),
    );
    expect(foreign.map((f) => `${f.lang}${f.page}: ${f.src}`)).toEqual([]);
  });

  it("describes every picture, and in each language in its own words", () => {
    expect(
      content.filter((image) => !image.description.trim()).map((i) => `${i.lang}${i.page}${i.at}`),
    ).toEqual([]);
    const english = new Map(
      content
        .filter((image) => image.lang === "en")
        .map((image) => [`${image.page}${image.at}`, image.description]),
    );
    const untranslated = content.filter(
      (image) =>
        image.lang !== "en" && image.description === english.get(`${image.page}${image.at}`),
    );
    expect(untranslated.map((i) => `${i.lang}${i.page}${i.at}`)).toEqual([]);
  });
});
