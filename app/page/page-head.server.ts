/**
 * A content page's head, built on the server like the legal pages' (app/legal/legal-head.server.ts):
 * title, description, canonical, hreflang, Open Graph with the page's card, Twitter, a list page's
 * numbering, the blog's feed link and the page's schema.org items. The browser gets the tags ready
 * in the loader's data and loads no meta builder of its own.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { getConfig } from "~/config/config.server";
import { getT } from "~/i18n/i18n.server";
import type { LangCode } from "~/i18n/languages";
import type { JsonLdObject } from "~/http/json-ld";
import { buildMeta, type MetaInput } from "~/seo/meta";
import { siteOrigin } from "~/config/origin.server";
import type { SocialCard } from "~/social/card-tags";
import type { PageMeta } from "~/upstream/coms.schemas";
import { blogFeedLinks } from "~/content/blog-feed";
import { pagedMeta } from "~/content/blog-paging";

export interface ContentHeadInput {
  lang: LangCode;
  path: string;
  fallback: boolean;
  meta: PageMeta;
  /** settings.canonical from the content service; empty means the page itself. */
  canonical: string;
  hreflangLocales: string[];
  card: SocialCard;
  article?: MetaInput["article"];
  paging?: { page: number; pages: number };
  structuredData?: JsonLdObject[];
}

export function contentHead(input: ContentHeadInput): MetaDescriptor[] {
  const { brand } = getConfig();
  const t = getT(input.lang);
  const origin = siteOrigin();
  const tags = buildMeta({
    meta: input.meta,
    defaults: {
      title: t("meta.defaultTitle", { brand: brand.name }),
      description: t("meta.defaultDescription", {
        brand: brand.name,
        provider: brand.providerName,
      }),
      siteName: brand.name,
    },
    origin,
    lang: input.lang,
    path: input.path,
    canonical: input.canonical,
    hreflangLocales: input.hreflangLocales,
    fallback: input.fallback,
    card: input.card,
    ...(input.article ? { article: input.article } : {}),
  });
  const { paging } = input;
  const head = paging
    ? pagedMeta(tags, paging, (title) => t("blog.pageTitle", { title, page: String(paging.page) }))
    : tags;
  head.push(...blogFeedLinks(input, origin, t("blog.feedTitle", { brand: brand.name })));
  for (const item of input.structuredData ?? []) head.push({ "script:ld+json": item });
  return head;
}
