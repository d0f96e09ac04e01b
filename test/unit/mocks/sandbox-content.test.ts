import { describe, expect, it } from "vitest";
import { ContentStore } from "../../../mocks/content-store";
import { blockNamed } from "~/page/Blocks";
import { LANG_CODES } from "~/i18n/languages";
import { pageSchema, siteSchema, type RawComponent } from "~/upstream/coms.schemas";

const store = new ContentStore();
const pages = [...store.pages.values()].map((p) => [`${p.lang}:${p.path}`, p] as const);

/** Every block in the tree whose data does not match its schema, as "path: problem". */
function blockProblems(components: RawComponent[], where: string): string[] {
  return components.flatMap((component, index) => {
    const at = `${where}/${index}:${component.name}`;
    const own: string[] = [];
    const schema = blockNamed(component.name)?.server?.schema;
    if (schema) {
      const parsed = schema.safeParse(component.data);
      if (!parsed.success) {
        own.push(...parsed.error.issues.map((i) => `${at} ${i.path.join(".")}: ${i.message}`));
      }
    }
    return [...own, ...blockProblems(component.components ?? [], at)];
  });
}

describe("sandbox content (mocks/content)", () => {
  it("has a home page and a site file in every language", () => {
    for (const lang of LANG_CODES) {
      expect(store.page(lang, "/"), `${lang} home page`).toBeDefined();
      expect(store.sites.has(lang), `${lang} site.json`).toBe(true);
    }
  });

  // Posts may stay English under the notice, as the best vendors' blogs do; the sandbox's
  // fault fixtures are no pages a visitor meets.
  it("has every page outside the blog, and the glossary, in all nine languages", () => {
    const english = [...store.pages.values()].filter(
      (page) =>
        page.lang === "en" && !page.path.startsWith("/blog/") && !page.path.startsWith("/sandbox/"),
    );
    expect(english.length).toBeGreaterThan(35);
    const missing = LANG_CODES.flatMap((lang) =>
      english.filter((page) => !store.page(lang, page.path)).map((page) => `${lang}${page.path}`),
    );
    expect(missing).toEqual([]);
    expect(LANG_CODES.filter((lang) => !store.extras.has(`${lang}:glossary`))).toEqual([]);
  });

  it("has the whole English site the navigation needs", () => {
    const needed = [
      "/",
      "/features",
      "/pricing",
      "/family",
      "/blog",
      "/downloads",
      "/help/manuals",
    ];
    expect(needed.filter((path) => !store.page("en", path))).toEqual([]);
  });

  it.each(pages)("page %s parses with pageSchema and all its known blocks", (key, page) => {
    const parsed = pageSchema.safeParse(page.data);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(parsed.data?.components.length, `${key} has components`).toBeGreaterThan(0);
    expect(blockProblems(parsed.data?.components ?? [], key)).toEqual([]);
  });

  it.each(LANG_CODES.map((lang) => [lang]))("site.json of %s parses with siteSchema", (lang) => {
    const parsed = siteSchema.safeParse(store.sites.get(lang));
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it("uses only known block names", () => {
    const unknown = new Set<string>();
    const walk = (components: RawComponent[]) =>
      components.forEach((c) => {
        if (!blockNamed(c.name)) unknown.add(c.name);
        walk(c.components ?? []);
      });
    for (const [, page] of pages) walk(pageSchema.parse(page.data).components);
    expect([...unknown]).toEqual([]);
  });
});
