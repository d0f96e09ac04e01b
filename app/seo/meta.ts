import type { MetaDescriptor } from "@remix-run/node";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { languageLinks } from "./alternates";
import type { PageMeta } from "~/upstream/coms.schemas";
import { cardTags, type SocialCard } from "~/social/card-tags";

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
  /** English content under a language prefix: canonical to English, not listed as `lang`. */
  fallback?: boolean;
  noIndex?: boolean;
  /** The picture networks show beside a shared link (app/social). */
  card?: SocialCard;
  /** A blog post: shared as an article, with its dates and author. */
  article?: { publishedTime: string; modifiedTime?: string; author?: string };
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
 * robots, canonical (settings.canonical, else the page itself or, for a fallback, the English page)
 * and the hreflang alternates of languageLinks, all with absolute URLs. Empty values are left out.
 */
export function buildMeta(input: MetaInput): MetaDescriptor[] {
  const { meta, defaults, origin, lang, path } = input;
  const title = meta.title?.trim() || defaults.title;
  const description = meta.description?.trim() || defaults.description;
  const links = languageLinks({
    origin,
    lang,
    path,
    fallback: input.fallback ?? false,
    hreflangLocales: input.hreflangLocales,
  });
  const canonical = input.canonical?.trim()
    ? absolute(origin, input.canonical.trim())
    : links.canonical;
  const noIndex = input.noIndex || meta["no-index"] === true || meta["no-index"] === "true";
  const { article } = input;
  const ogLocale = getLanguage(input.fallback ? "en" : lang).ogLocale;

  const candidates: (MetaDescriptor | null)[] = [
    { title },
    { name: "description", content: description },
    meta.keywords ? { name: "keywords", content: meta.keywords } : null,
    noIndex ? { name: "robots", content: "noindex, nofollow" } : null,
    { property: "og:type", content: article ? "article" : "website" },
    { property: "og:site_name", content: defaults.siteName },
    { property: "og:title", content: meta.og_title?.trim() || title },
    { property: "og:description", content: meta.og_description?.trim() || description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocale },
    article ? { property: "article:published_time", content: article.publishedTime } : null,
    article?.modifiedTime
      ? { property: "article:modified_time", content: article.modifiedTime }
      : null,
    article?.author ? { property: "article:author", content: article.author } : null,
    input.card ? null : { name: "twitter:card", content: "summary" },
    meta.twitter_site ? { name: "twitter:site", content: meta.twitter_site } : null,
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  const tags = candidates.filter((tag): tag is MetaDescriptor => tag !== null);
  if (input.card) tags.push(...cardTags(input.card));
  // The page's other languages, as Open Graph names them (hreflang's x-default is none).
  const others = new Set<string>();
  for (const alternate of links.alternates) {
    if (alternate.lang !== "x-default") others.add(getLanguage(alternate.lang).ogLocale);
  }
  others.delete(ogLocale);
  for (const locale of others) tags.push({ property: "og:locale:alternate", content: locale });

  for (const alternate of links.alternates) {
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hrefLang,
      href: alternate.href,
    });
  }
  return tags;
}
