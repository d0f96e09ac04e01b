import { data } from "@remix-run/node";
import { pagePrices } from "~/commerce/page-prices.server";
import { log } from "~/observability/log.server";
import { logFailure } from "~/observability/log-repeats.server";
import { feedbackPanelFor, type FeedbackPanelState } from "~/forms/feedback";
import type { LangCode } from "~/i18n/languages";
import { splitLangPath } from "~/i18n/paths";
import { getChildrenByUrl, getPage, type LoadedPage } from "~/upstream/coms.server";
import { isUpstreamError } from "~/upstream/errors";
import { upstreamFailureInit } from "~/http/upstream-failure";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { pageHeaders as sharedPageHeaders } from "./page-variant";
import { DOWNLOADS_HUB, downloadsHubPage, withDownloads } from "~/downloads/page.server";
import { preloadOrderSummary } from "~/commerce/LazyOrderSummary";
import { withoutHero } from "./without-hero";
import { getT } from "~/i18n/i18n.server";
import { getConfig } from "~/config/config.server";
import {
  isOutcomePage,
  loadOrderOutcome,
  showsOrder,
  type OrderOutcome,
} from "~/commerce/order-outcome.server";
import { preloadBlocks, prepareBlocksOnce, resolveBlockData } from "./prepare.server";
import { hasPasswordQuery } from "~/password-generator/password-query";
import type { Block, BlockOf } from "./Blocks";
import { blogOfPost, pageExists, parseListPage, relatedPosts } from "~/content/blog-paging";
import type { PageSummary } from "~/upstream/coms.schemas";
import { helpBreadcrumbs } from "~/help/help.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import { contentArticle, contentCard } from "./page-card.server";
import type { MetaDescriptor } from "@remix-run/node";
import { contentHead } from "./page-head.server";
import { pageStructuredData } from "./structured-data.server";

export interface ContentPageData {
  lang: LangCode;
  path: string;
  contentLang: LangCode;
  fallback: boolean;
  blocks: Block[];
  /**
   * The page's head, built on the server (page-head.server.ts): title, description, canonical,
   * hreflang, Open Graph with its card, the feed link, its schema.org items.
   */
  head: MetaDescriptor[];
  layout: "default" | "landing" | "payment";
  /** The page's feedback panel (by its URL's path); the same for every visitor. */
  feedback: FeedbackPanelState | null;
  /** A page with a blog list: which of its pages this is (titles, canonical, rel prev/next). */
  paging?: { page: number; pages: number };
  /**
   * Markup built on the server and written before the page's blocks as is (help breadcrumbs, the
   * glossary): these pages load no component code for it.
   */
  html?: string;
  /** A blog post's related posts (other posts of its blog); absent on other pages. */
  related?: PageSummary[];
  /**
   * On the payment outcome pages: the order `?order=` or `?hash=` names, or null when the URL
   * names none (a bare visit) or one the service does not know.
   */
  order?: OrderOutcome | null;
}

/**
 * A page's cache headers; a page showing an order is one buyer's, and one answering the password
 * generator's form holds a password: neither is ever shared or stored.
 */
function pageHeaders(request: Request, path: string): Record<string, string> {
  const url = new URL(request.url);
  return showsOrder(path, url) || hasPasswordQuery(url)
    ? { "Cache-Control": PRIVATE_NO_STORE }
    : sharedPageHeaders(request);
}

/** The name a page's breadcrumb shows: its first block's title (the h1), else its meta title. */
export function pageName(
  blocks: readonly Block[],
  meta: LoadedPage["page"]["meta"],
): string | null {
  const first = blocks[0];
  if (first && (first.name === "hero" || first.name === "post-header")) {
    return first.data.title.replaceAll(PHRASE_BREAK, "");
  }
  return meta.title ?? null;
}

/** The panel of the page at `path` (its URL's, unprefixed). */
function feedbackPanel(path: string): FeedbackPanelState | null {
  const kind = feedbackPanelFor(path);
  return kind ? { kind } : null;
}

/** `?page=N` of listings, 1 when absent or not a positive whole number. */
function pageNumber(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** The first blog list among blocks (at any depth), with its fetched posts. */
function findBlogList(blocks: Block[]): BlockOf<"blog-list"> | null {
  for (const block of blocks) {
    if (block.name === "blog-list") return block;
    const inner = findBlogList(block.children);
    if (inner) return inner;
  }
  return null;
}

/**
 * The listing page of a page with a blog list, or a 404 for a `page` that is no page of it: not a
 * plain positive number, or past the last page (page 1 always exists; an empty blog says so).
 * Null for pages without a blog list (their `page` parameter means nothing).
 */
export function blogPaging(
  blocks: Block[],
  url: URL,
): { page: number; pages: number } | "not-found" | null {
  const list = findBlogList(blocks);
  if (!list) return null;
  const page = parseListPage(url.searchParams.get("page"));
  if (page === null) return "not-found";
  // The service was unreachable: the list says so on page 1; other pages cannot be known.
  if (!list.data.posts) return page === 1 ? { page, pages: 1 } : "not-found";
  const pages = list.data.posts.pages;
  return pageExists(page, pages) ? { page, pages: Math.max(pages, 1) } : "not-found";
}

/** A post's related posts; none when the list cannot be loaded (the post still shows). */
async function loadRelated(lang: LangCode, path: string): Promise<PageSummary[] | undefined> {
  const blog = blogOfPost(path);
  if (!blog) return undefined;
  const all = await getChildrenByUrl(lang, blog).catch((error: unknown) => {
    log.warn(`Related posts unavailable for ${path}`, error);
    return [];
  });
  return relatedPosts(all, path);
}

/**
 * Loads the content page for a URL: the page in the URL's language, else in English (SPEC §4);
 * else a 404. (A junk two-letter prefix never gets here: the request guard redirects it away,
 * request-target.ts.) An upstream failure becomes a 503 or 504 error page.
 */
/** The content page at `path` in `lang` (or its English fallback); null when there is none. */
export async function findContentPage(lang: LangCode, path: string): Promise<LoadedPage | null> {
  const loaded = await getPage(lang, path);
  return loaded ?? (path === DOWNLOADS_HUB ? downloadsHubPage(lang) : null);
}

export async function loadContentPage(request: Request, clientIp?: string) {
  const url = new URL(request.url);
  const { lang, path } = splitLangPath(url.pathname);
  try {
    const loaded = await findContentPage(lang, path);
    if (!loaded) {
      throw data(null, { status: 404, headers: pageHeaders(request, path) });
    }
    const prices = await pagePrices(loaded.page.components);
    const resolved = await resolveBlockData(prepareBlocksOnce(loaded.page.components, lang), {
      lang,
      path,
      page: pageNumber(url),
      prices,
      url,
    });
    // Store badges, installers and store visits (SPEC §2); the downloads hub lists every target.
    const blocks = await withDownloads(resolved, {
      lang,
      path,
      search: url.searchParams,
    });
    const paging = blogPaging(blocks, url);
    if (paging === "not-found") {
      throw data(null, { status: 404, headers: pageHeaders(request, path) });
    }
    const [related, html] = await Promise.all([
      loadRelated(lang, path),
      helpBreadcrumbs(lang, path, pageName(blocks, loaded.page.meta)),
    ]);
    await preloadBlocks(blocks);
    // A payment outcome page's message is the order's: the one its URL names, or none (a bare
    // visit, the same for everyone). An order the service does not know: said so, as a 404.
    const outcome = isOutcomePage(path);
    const asked = showsOrder(path, url);
    const order = asked ? await loadOrderOutcome(url, clientIp) : outcome ? null : undefined;
    if (order !== undefined) await preloadOrderSummary();
    // A started trial is no payment: the page's title says so.
    const trial = order?.trialEndsAt ? getT(loaded.contentLang) : null;
    const meta = trial
      ? {
          ...loaded.page.meta,
          title: trial("redeem.trial.metaTitle", { brand: getConfig().brand.name }),
        }
      : loaded.page.meta;
    const article = contentArticle(path, loaded);
    const card = contentCard(lang, path, loaded);
    const structuredData = pageStructuredData({
      lang,
      path,
      contentLang: loaded.contentLang,
      fallback: loaded.fallback,
      blocks,
      prices,
      settings: loaded.page.settings,
      card: card.url,
    });
    const page: ContentPageData = {
      lang,
      path,
      contentLang: loaded.contentLang,
      fallback: loaded.fallback,
      blocks: outcome ? withoutHero(blocks) : blocks,
      head: contentHead({
        lang,
        path,
        fallback: loaded.fallback,
        meta,
        canonical: loaded.page.settings.canonical ?? "",
        hreflangLocales: loaded.page.hreflangLocales,
        card,
        ...(article ? { article } : {}),
        ...(paging ? { paging } : {}),
        structuredData,
      }),
      layout: loaded.page.settings.layout ?? "default",
      feedback: feedbackPanel(path),
      ...(order !== undefined ? { order } : {}),
      ...(paging ? { paging } : {}),
      ...(related && related.length > 0 ? { related } : {}),
      ...(html ? { html } : {}),
    };
    return data(page, {
      status: asked && order === null ? 404 : 200,
      headers: pageHeaders(request, path),
    });
  } catch (error) {
    if (isUpstreamError(error)) {
      // Logged once a minute per kind of failure: each path asked for meets the same one.
      logFailure("error", "content page", `Content unavailable for ${url.pathname}`, error);
      throw data(null, upstreamFailureInit(error.statusCode));
    }
    throw error;
  }
}
