import { describe, expect, it } from "vitest";
import { languageLinks, pageLanguages } from "~/seo/alternates";

const origin = "https://keynest.example";

describe("pageLanguages", () => {
  it.each([
    {
      name: "real translation adds itself",
      locales: ["en"],
      lang: "de",
      fallback: false,
      want: ["en", "de"],
    },
    {
      name: "fallback drops its URL language",
      locales: ["en", "de"],
      lang: "de",
      fallback: true,
      want: ["en"],
    },
    {
      name: "fallback keeps the other translations",
      locales: ["en", "fr"],
      lang: "de",
      fallback: true,
      want: ["en", "fr"],
    },
    {
      name: "ISO tags map to URL codes, site order",
      locales: ["uk", "ja", "en"],
      lang: "en",
      fallback: false,
      want: ["en", "jp", "ua"],
    },
    {
      name: "unknown tags are ignored",
      locales: ["fa", "en"],
      lang: "en",
      fallback: false,
      want: ["en"],
    },
    { name: "nothing listed, nothing to list", locales: [], lang: "de", fallback: false, want: [] },
  ] as const)("$name", ({ locales, lang, fallback, want }) => {
    expect(pageLanguages(locales, lang, fallback)).toEqual(want);
  });
});

describe("languageLinks", () => {
  it.each([
    {
      name: "fallback /de/blog is canonical to the English page, no de alternate",
      input: { lang: "de", path: "/blog", fallback: true, hreflangLocales: ["en"] },
      canonical: `${origin}/blog`,
      alternates: [
        ["en", `${origin}/blog`],
        ["x-default", `${origin}/blog`],
      ],
    },
    {
      name: "real translation /de/features lists every language and itself",
      input: { lang: "de", path: "/features", fallback: false, hreflangLocales: ["en", "de"] },
      canonical: `${origin}/de/features`,
      alternates: [
        ["en", `${origin}/features`],
        ["de", `${origin}/de/features`],
        ["x-default", `${origin}/features`],
      ],
    },
    {
      name: "English original of a translated page, same set (reciprocal)",
      input: { lang: "en", path: "/features", fallback: false, hreflangLocales: ["de", "en"] },
      canonical: `${origin}/features`,
      alternates: [
        ["en", `${origin}/features`],
        ["de", `${origin}/de/features`],
        ["x-default", `${origin}/features`],
      ],
    },
    {
      name: "home in Japanese uses the ISO tag and the bare prefix",
      input: { lang: "jp", path: "/", fallback: false, hreflangLocales: ["en", "jp"] },
      canonical: `${origin}/jp`,
      alternates: [
        ["en", `${origin}/`],
        ["ja", `${origin}/jp`],
        ["x-default", `${origin}/`],
      ],
    },
    {
      name: "no English version: x-default is the first language",
      input: { lang: "fr", path: "/offre", fallback: false, hreflangLocales: ["fr", "es"] },
      canonical: `${origin}/fr/offre`,
      alternates: [
        ["fr", `${origin}/fr/offre`],
        ["es", `${origin}/es/offre`],
        ["x-default", `${origin}/fr/offre`],
      ],
    },
  ] as const)("$name", ({ input, canonical, alternates }) => {
    const links = languageLinks({ origin, ...input });
    expect(links.canonical).toBe(canonical);
    expect(links.alternates.map((a) => [a.hrefLang, a.href])).toEqual(alternates);
  });

  it("never doubles the slash of an origin given with one", () => {
    const links = languageLinks({
      origin: `${origin}/`,
      lang: "en",
      path: "/blog",
      fallback: false,
      hreflangLocales: ["en"],
    });
    expect(links.canonical).toBe(`${origin}/blog`);
  });
});
