import { DEFAULT_LANG, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { upstream, type UpstreamAuth } from "./client.server";
import {
  childrenSchema,
  glossarySchema,
  pageSchema,
  paginationSchema,
  searchSchema,
  searchV1Schema,
  siteSchema,
  type Page,
  type SearchResults,
} from "./coms.schemas";
import { logFailure } from "~/observability/log-repeats.server";
import { UpstreamError } from "./errors";
import { publicBrand } from "~/config/brand.server";
import { cardTitle } from "./card-title";
import type { PageSummary } from "./coms.schemas";

/** Listed posts carry their page title; a list shows it without the site or blog suffix. */
function forCards<T extends PageSummary>(item: T): T {
  return { ...item, title: cardTitle(item.title, publicBrand().name) };
}
const cardListSchema = childrenSchema.transform((items) => items.map(forCards));
const cardPageSchema = paginationSchema.transform((answer) => ({
  ...answer,
  items: answer.items.map(forCards),
}));

export function getSite(lang: LangCode) {
  return upstream().request({
    path: "/coms/site/",
    query: { lang },
    schema: siteSchema,
    cache: true,
  });
}

async function fetchPage(path: string, auth?: UpstreamAuth | null): Promise<Page | null> {
  try {
    const page = await upstream().request({
      path: "/coms/pages/page/",
      query: { path },
      schema: pageSchema,
      auth,
      cache: true,
    });
    return page.components.length > 0 ? page : null;
  } catch (error) {
    if (error instanceof UpstreamError && error.statusCode === 404) return null;
    throw error;
  }
}

export interface LoadedPage {
  page: Page;
  /** The language the content is written in; differs from the URL's when it fell back. */
  contentLang: LangCode;
  /** True when the page is not available in the requested language and English is shown. */
  fallback: boolean;
}

/**
 * Loads a content page for a language (SPEC §4): the language-prefixed path first, then once more
 * without the prefix. Null when neither has components.
 */
export async function getPage(lang: LangCode, path: string): Promise<LoadedPage | null> {
  const page = await fetchPage(localizePath(path, lang));
  if (page) return { page, contentLang: lang, fallback: false };
  if (lang === DEFAULT_LANG) return null;
  const fallback = await fetchPage(localizePath(path, DEFAULT_LANG));
  return fallback ? { page: fallback, contentLang: DEFAULT_LANG, fallback: true } : null;
}

export function getChildren(lang: LangCode, path: string) {
  return upstream().request({
    path: "/coms/pages/children/",
    query: { path, lang },
    schema: cardListSchema,
    cache: true,
  });
}

export function getChildrenByUrl(lang: LangCode, url: string) {
  return upstream().request({
    path: "/coms/pages/children-by-url/",
    query: { url, lang },
    schema: cardListSchema,
    cache: true,
  });
}

export function getChildrenByUrlPage(lang: LangCode, url: string, page: number, limit: number) {
  return upstream().request({
    path: "/coms/pages/children-by-url-pagination/",
    query: { url, lang, page, limit },
    schema: cardPageSchema,
    cache: true,
  });
}

/**
 * One page of search results: `/coms/pages-search-v2/` (paged by the service), and when that fails
 * the older `/coms/pages-search/`, which answers every hit at once and is paged here. Rejects
 * when both fail.
 */
export async function searchPages(
  lang: LangCode,
  query: string,
  page = 1,
  size = 10,
): Promise<SearchResults> {
  try {
    return await upstream().request({
      path: "/coms/pages-search-v2/",
      query: { query, lang, page, size },
      schema: searchSchema,
      cache: true,
    });
  } catch (error) {
    logFailure("warn", "search", "pages-search-v2 failed, using pages-search", error);
    const all = await upstream().request({
      path: "/coms/pages-search/",
      query: { query, lang },
      schema: searchV1Schema,
      cache: true,
    });
    return { results: all.slice((page - 1) * size, page * size), total: all.length };
  }
}

export function getGlossaryPage(lang: LangCode) {
  return upstream().request({
    path: "/coms/pages/glossary-page/",
    query: { lang },
    schema: glossarySchema,
    cache: true,
  });
}
