import { PREFIXED_LANG_CODES, type LangCode } from "~/i18n/languages";
import { normalizePath } from "~/i18n/paths";
import { languageLinks } from "~/seo/alternates";

/** A content page and the languages it really exists in (translations, never fallbacks). */
export interface SitemapPage {
  path: string;
  langs: readonly LangCode[];
}

/** At most this many pages (each with up to nine URLs): well below the 50,000 URLs per file. */
export const SITEMAP_MAX_PAGES = 2000;

/**
 * Pages that are no landing place for a search engine: checkout, payment outcomes, account and
 * sign-in, search and the sandbox. Also disallowed in robots.txt (ROBOTS_DISALLOWED).
 */
const EXCLUDED_PREFIXES = [
  "/order",
  "/payment-success",
  "/payment-error",
  "/payment-status",
  "/amazon",
  "/search",
  "/sandbox",
  "/account",
  "/sign-in",
  "/signin",
  "/login",
  "/logout",
  "/action",
  "/api",
];

export function isSitemapPath(path: string): boolean {
  const clean = normalizePath(path);
  return !EXCLUDED_PREFIXES.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sitemap XML: one `<url>` per page and language, each with the same hreflang alternates
 * (and x-default) as the page's own head, built by the same function.
 */
export function renderSitemap(origin: string, pages: readonly SitemapPage[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages.slice(0, SITEMAP_MAX_PAGES)) {
    for (const lang of page.langs) {
      const links = languageLinks({
        origin,
        lang,
        path: page.path,
        fallback: false,
        hreflangLocales: page.langs,
      });
      lines.push("<url>", `<loc>${escapeXml(links.canonical)}</loc>`);
      for (const alt of links.alternates) {
        lines.push(
          `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hrefLang)}" href="${escapeXml(alt.href)}"/>`,
        );
      }
      lines.push("</url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** Paths robots.txt disallows, unprefixed; each is also listed under every language prefix. */
const ROBOTS_DISALLOWED = [
  "/order/",
  "/payment-success",
  "/payment-error",
  "/amazon/",
  "/search",
  "/sandbox/",
  "/account",
  "/sign-in",
];

export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  const disallow = ROBOTS_DISALLOWED.flatMap((path) => [
    path,
    ...PREFIXED_LANG_CODES.map((lang) => `/${lang}${path}`),
  ]);
  return [
    "User-agent: *",
    ...disallow.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
