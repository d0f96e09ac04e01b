import type { MetaDescriptor } from "@remix-run/node";
import type { LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { BLOG_PATH, isBlogPage } from "./blog-paging";

/**
 * The blog's Atom feed, one per language: `/blog/feed.xml`, `/de/blog/feed.xml`, … (the route is
 * in app/page-routes.ts, the feed is built by blog-feed.server.ts).
 */
export const BLOG_FEED_PATH = `${BLOG_PATH}/feed.xml`;

export const ATOM_TYPE = "application/atom+xml";

/** The absolute address of a language's blog feed. */
export function blogFeedUrl(origin: string, lang: LangCode): string {
  return `${origin}${localizePath(BLOG_FEED_PATH, lang)}`;
}

/**
 * The link announcing the feed in the head of a blog page (the index and every post), in the
 * page's language: an English post shown under `/de/` announces the German blog's feed. None on
 * other pages, or without an origin to make the address absolute.
 */
export function blogFeedLinks(
  page: { lang: LangCode; path: string },
  origin: string,
  title: string,
): MetaDescriptor[] {
  if (!origin || !isBlogPage(page.path)) return [];
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: ATOM_TYPE,
      title,
      href: blogFeedUrl(origin, page.lang),
    },
  ];
}
