import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "@remix-run/node";
import { buildMeta, type MetaInput } from "~/seo/meta";

const ORIGIN = "https://www.keynest.example";

function build(overrides: Partial<MetaInput> = {}): MetaDescriptor[] {
  return buildMeta({
    meta: {},
    defaults: { title: "KeyNest default", description: "Default text", siteName: "KeyNest" },
    origin: ORIGIN,
    lang: "en",
    path: "/features",
    hreflangLocales: [],
    ...overrides,
  });
}

type Tag = Record<string, unknown>;
const tags = (list: MetaDescriptor[]) => list as Tag[];
const named = (list: MetaDescriptor[], name: string) =>
  tags(list).find((t) => t.name === name || t.property === name)?.content;
const title = (list: MetaDescriptor[]) => tags(list).find((t) => "title" in t)?.title;
const canonical = (list: MetaDescriptor[]) => tags(list).find((t) => t.rel === "canonical")?.href;
const alternates = (list: MetaDescriptor[]) =>
  tags(list)
    .filter((t) => t.rel === "alternate")
    .map((t) => [t.hrefLang, t.href]);

describe("buildMeta: texts (SPEC §3 page meta)", () => {
  it.each([
    [{}, "KeyNest default", "Default text"],
    [{ title: "  ", description: "" }, "KeyNest default", "Default text"],
    [{ title: "Features", description: "All of them" }, "Features", "All of them"],
  ])("with meta %j uses title %j and description %j", (meta, t, d) => {
    const list = build({ meta });
    expect(title(list)).toBe(t);
    expect(named(list, "description")).toBe(d);
    expect(named(list, "og:title")).toBe(t);
    expect(named(list, "og:description")).toBe(d);
  });

  it("prefers og_title and og_description for Open Graph", () => {
    const list = build({
      meta: { title: "T", description: "D", og_title: "OG T", og_description: "OG D" },
    });
    expect([named(list, "og:title"), named(list, "og:description")]).toEqual(["OG T", "OG D"]);
  });

  it("adds keywords, site name, locale and twitter:site when given", () => {
    const list = build({
      lang: "ua",
      meta: { keywords: "password manager, vault", twitter_site: "@keynest" },
    });
    expect(named(list, "keywords")).toBe("password manager, vault");
    expect(named(list, "og:site_name")).toBe("KeyNest");
    expect(named(list, "og:locale")).toBe("uk_UA");
    expect(named(list, "twitter:site")).toBe("@keynest");
  });

  it("leaves out empty keywords, og:image and twitter:site", () => {
    const list = build({ meta: { keywords: "", og_image: null } });
    for (const name of ["keywords", "og:image", "twitter:site", "robots"]) {
      expect(named(list, name), name).toBeUndefined();
    }
    expect(named(list, "twitter:card")).toBe("summary");
  });

  it("names the page's card with its size, type and text for Open Graph and Twitter", () => {
    const url = `${ORIGIN}/cards/en/features.png?v=abc`;
    const list = build({
      card: { url, alt: "Features", width: 1200, height: 630, type: "image/png" },
    });
    expect(named(list, "og:image")).toBe(url);
    expect(named(list, "og:image:type")).toBe("image/png");
    expect(named(list, "og:image:width")).toBe("1200");
    expect(named(list, "og:image:height")).toBe("630");
    expect(named(list, "og:image:alt")).toBe("Features");
    expect(named(list, "twitter:card")).toBe("summary_large_image");
    expect(named(list, "twitter:image")).toBe(url);
    expect(tags(list).filter((t) => t.name === "twitter:card")).toHaveLength(1);
  });

  it("leaves a named card's unknown size out", () => {
    const list = build({ card: { url: "https://cdn.example/og.png", alt: "Features" } });
    expect(named(list, "og:image")).toBe("https://cdn.example/og.png");
    expect(named(list, "og:image:width")).toBeUndefined();
  });
});

describe("buildMeta: articles and locales", () => {
  it("shares a blog post as an article with its dates and author", () => {
    const list = build({
      article: { publishedTime: "2025-04-22", modifiedTime: "2025-05-01", author: "Sana Idrissi" },
    });
    expect(named(list, "og:type")).toBe("article");
    expect(named(list, "article:published_time")).toBe("2025-04-22");
    expect(named(list, "article:modified_time")).toBe("2025-05-01");
    expect(named(list, "article:author")).toBe("Sana Idrissi");
  });

  it("shares any other page as a website, without article tags", () => {
    const list = build();
    expect(named(list, "og:type")).toBe("website");
    expect(named(list, "article:published_time")).toBeUndefined();
  });

  it.each([
    ["en", "en_US"],
    ["jp", "ja_JP"],
    ["ru", "ru_RU"],
    ["tr", "tr_TR"],
    ["fr", "fr_FR"],
    ["de", "de_DE"],
    ["ua", "uk_UA"],
    ["es", "es_ES"],
    ["zh", "zh_CN"],
  ] as const)("names %s's locale as %s, its other languages as alternates", (lang, locale) => {
    const list = build({
      lang,
      hreflangLocales: ["en", "jp", "ru", "tr", "fr", "de", "ua", "es", "zh"],
    });
    expect(named(list, "og:locale")).toBe(locale);
    const others = tags(list)
      .filter((t) => t.property === "og:locale:alternate")
      .map((t) => t.content);
    expect(others).toHaveLength(8);
    expect(others).not.toContain(locale);
    for (const other of others) expect(other).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
  });

  it("names an English fallback page's locale en_US", () => {
    const list = build({ lang: "de", fallback: true, hreflangLocales: ["en"] });
    expect(named(list, "og:locale")).toBe("en_US");
  });
});

describe("buildMeta: robots", () => {
  it.each([
    [{ "no-index": true }, undefined, true],
    [{ "no-index": "true" }, undefined, true],
    [{ "no-index": false }, undefined, false],
    [{ "no-index": "false" }, undefined, false],
    [{}, true, true],
    [{}, undefined, false],
  ] as const)("with meta %j and noIndex %j marks noindex: %s", (meta, noIndex, expected) => {
    const robots = named(build({ meta: { ...meta }, noIndex }), "robots");
    expect(robots === undefined ? false : String(robots).includes("noindex")).toBe(expected);
  });
});

describe("buildMeta: canonical", () => {
  it.each([
    ["en", "/features", undefined, `${ORIGIN}/features`],
    ["de", "/features", "", `${ORIGIN}/de/features`],
    ["jp", "/", "  ", `${ORIGIN}/jp`],
    ["de", "/features", "/features", `${ORIGIN}/features`],
    ["fr", "/blog/x", "https://other.example/blog/x", "https://other.example/blog/x"],
  ] as const)("in %s at %s with settings.canonical %j is %s", (lang, path, set, expected) => {
    const list = build({ lang, path, canonical: set });
    expect(canonical(list)).toBe(expected);
    expect(named(list, "og:url")).toBe(expected);
  });
});

describe("buildMeta: hreflang alternates", () => {
  it("lists only the languages in hreflangLocales, with ISO tags, plus x-default", () => {
    const list = build({
      lang: "de",
      path: "/features",
      hreflangLocales: ["en", "de", "jp", "ua"],
    });
    expect(alternates(list)).toEqual([
      ["en", `${ORIGIN}/features`],
      ["ja", `${ORIGIN}/jp/features`],
      ["de", `${ORIGIN}/de/features`],
      ["uk", `${ORIGIN}/ua/features`],
      ["x-default", `${ORIGIN}/features`],
    ]);
  });

  it.each([
    [
      ["ja", "uk"],
      ["ja", "uk"],
    ],
    [["jp", "ja"], ["ja"]],
    [["zh-CN", "fa", "xx"], ["zh"]],
    [
      ["ru", "tr", "fr", "es"],
      ["ru", "tr", "fr", "es"],
    ],
  ])(
    "accepts URL codes or ISO tags: %j gives %j (plus the English page itself)",
    (locales, isos) => {
      const hrefLangs = alternates(build({ hreflangLocales: locales })).map(([l]) => l);
      expect(hrefLangs).toEqual(["en", ...isos, "x-default"]);
    },
  );

  it("a fallback page is canonical to English and not listed as its URL's language", () => {
    const list = build({ lang: "de", path: "/blog", fallback: true, hreflangLocales: ["en"] });
    expect(canonical(list)).toBe(`${ORIGIN}/blog`);
    expect(named(list, "og:url")).toBe(`${ORIGIN}/blog`);
    expect(alternates(list)).toEqual([
      ["en", `${ORIGIN}/blog`],
      ["x-default", `${ORIGIN}/blog`],
    ]);
  });

  it("has no alternates when the page lists no known language", () => {
    expect(alternates(build({ hreflangLocales: [] }))).toEqual([]);
    expect(alternates(build({ hreflangLocales: ["fa"] }))).toEqual([]);
  });

  it("points x-default at the unprefixed home page", () => {
    const list = build({ lang: "ru", path: "/", hreflangLocales: ["ru", "en"] });
    expect(alternates(list)).toContainEqual(["x-default", `${ORIGIN}/`]);
    expect(alternates(list)).toContainEqual(["ru", `${ORIGIN}/ru`]);
  });

  it("uses absolute URLs for every link and URL tag", () => {
    const list = build({
      lang: "es",
      card: { url: `${ORIGIN}/cards/es/features.png?v=1`, alt: "Features" },
      canonical: "/features",
      hreflangLocales: ["en", "es", "zh"],
    });
    const urls = tags(list).flatMap((t) =>
      [t.href, t.property === "og:url" || t.property === "og:image" ? t.content : undefined].filter(
        (v): v is string => typeof v === "string",
      ),
    );
    expect(urls.length).toBe(7);
    for (const url of urls) expect(url).toMatch(/^https:\/\/www\.keynest\.example\//);
  });
});
