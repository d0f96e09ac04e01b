import { describe, expect, it } from "vitest";
import { escapeXml, isSitemapPath, renderRobots, renderSitemap } from "~/seo/sitemap";

const origin = "https://keynest.example";

describe("isSitemapPath", () => {
  it.each([
    ["/", true],
    ["/features", true],
    ["/blog/passkeys-explained", true],
    ["/ordering-guide", true],
    ["/order/checkout", false],
    ["/payment-success", false],
    ["/payment-error", false],
    ["/amazon/payment", false],
    ["/search", false],
    ["/sandbox/pay", false],
    ["/account", false],
    ["/sign-in", false],
  ])("%s → %s", (path, listed) => {
    expect(isSitemapPath(path)).toBe(listed);
  });
});

describe("escapeXml", () => {
  it.each([
    ["/a?x=1&y=2", "/a?x=1&#38;y=2"],
    ["<\"'>", "&#60;&#34;&#39;&#62;"],
    ["plain", "plain"],
  ])("%s → %s", (raw, escaped) => {
    expect(escapeXml(raw)).toBe(escaped);
  });
});

describe("renderSitemap", () => {
  const xml = renderSitemap(origin, [
    { path: "/", langs: ["en", "de"] },
    { path: "/blog", langs: ["en"] },
    { path: "/a&b", langs: ["en"] },
  ]);
  const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];

  it("has one <url> per page and real language", () => {
    expect(urls.map((u) => /<loc>(.*)<\/loc>/.exec(u)?.[1])).toEqual([
      `${origin}/`,
      `${origin}/de`,
      `${origin}/blog`,
      `${origin}/a&#38;b`,
    ]);
  });

  it("gives each language of a page the same alternates, x-default included", () => {
    const alternates = (u: string) =>
      [...u.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    const expected = [`en ${origin}/`, `de ${origin}/de`, `x-default ${origin}/`];
    expect(alternates(urls[0]!)).toEqual(expected);
    expect(alternates(urls[1]!)).toEqual(expected);
    expect(alternates(urls[2]!)).toEqual([`en ${origin}/blog`, `x-default ${origin}/blog`]);
  });

  it("declares both namespaces and never a relative URL", () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    for (const m of xml.matchAll(/(?:<loc>|href=")([^<"]*)/g)) expect(m[1]).toMatch(/^https:\/\//);
  });

  it("is bounded", () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      path: `/p${i}`,
      langs: ["en"] as const,
    }));
    expect(renderSitemap(origin, many).match(/<url>/g)?.length).toBe(2000);
  });
});

describe("renderRobots", () => {
  const robots = renderRobots(`${origin}/`);
  it.each([
    "Sitemap: https://keynest.example/sitemap.xml",
    "Disallow: /order/",
    "Disallow: /de/order/",
    "Disallow: /payment-success",
    "Disallow: /jp/payment-error",
    "Disallow: /amazon/",
    "Disallow: /zh/search",
    "Disallow: /sandbox/",
    "Disallow: /ua/sandbox/",
    "Disallow: /account",
    "Disallow: /fr/sign-in",
  ])("has %s", (line) => {
    expect(robots.split("\n")).toContain(line);
  });
  it("starts with the user agent and allows the rest", () => {
    expect(robots.startsWith("User-agent: *\n")).toBe(true);
    expect(robots).toContain("Allow: /\n");
  });
});
