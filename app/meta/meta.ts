import type { MetaDescriptor } from "@remix-run/node";
import { LANG_CODES, getLanguage, isLangCode, langFromIso, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import type { PageMeta } from "~/upstream/coms.schemas";

export interface MetaInput {
  meta: PageMeta;
  /** Site-wide defaults for a missing title or description. */
  defaults: { title: string; description: string; siteName: string };
  origin: string;
  lang: LangCode;
  /** The page path without a language prefix. */
  path: string;
  /** settings.canonical from the content service; empty means the page itself. */
  canonical?: string;
  hreflangLocales: string[];
  noIndex?: boolean;
}

function absolute(origin: string, href: string): string {
  try {
    return new URL(href, `${origin}/`).href;
  } catch {
    return `${origin}${href.startsWith("/") ? "" : "/"}${href}`;
  }
}

/**
 * Every meta and link tag of a page (SPEC §3): title, description, keywords, Open Graph, Twitter,
 * robots, canonical (settings.canonical or the page itself) and an alternate per language in
 * hreflangLocales plus x-default, all with absolute URLs. Empty values are left out.
 */
export function buildMeta(input: MetaInput): MetaDescriptor[] {
  const { meta, defaults, origin, lang, path } = input;
  const title = meta.title?.trim() || defaults.title;
  const description = meta.description?.trim() || defaults.description;
  const self = absolute(origin, localizePath(path, lang));
  const canonical = input.canonical?.trim() ? absolute(origin, input.canonical.trim()) : self;
  const noIndex = input.noIndex || meta["no-index"] === true || meta["no-index"] === "true";
  const ogImage = meta.og_image?.src ? absolute(origin, meta.og_image.src) : undefined;

  const candidates: (MetaDescriptor | null)[] = [
    { title },
    { name: "description", content: description },
    meta.keywords ? { name: "keywords", content: meta.keywords } : null,
    noIndex ? { name: "robots", content: "noindex, nofollow" } : null,
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: defaults.siteName },
    { property: "og:title", content: meta.og_title?.trim() || title },
    { property: "og:description", content: meta.og_description?.trim() || description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: getLanguage(lang).iso },
    ogImage ? { property: "og:image", content: ogImage } : null,
    { name: "twitter:card", content: ogImage ? "summary_large_image" : "summary" },
    meta.twitter_site ? { name: "twitter:site", content: meta.twitter_site } : null,
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  const tags = candidates.filter((tag): tag is MetaDescriptor => tag !== null);

  // The service may name a language by its URL code (`jp`) or its ISO tag (`ja`).
  const listed = new Set(input.hreflangLocales.map((l) => (isLangCode(l) ? l : langFromIso(l))));
  const locales = LANG_CODES.filter((code) => listed.has(code));
  if (locales.length > 0) {
    for (const code of locales) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: getLanguage(code).iso,
        href: absolute(origin, localizePath(path, code)),
      });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absolute(origin, localizePath(path, "en")),
    });
  }
  return tags;
}
