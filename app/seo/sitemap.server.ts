import { DEFAULT_LANG, LANG_CODES } from "~/i18n/languages";
import { PAGE_ROUTES } from "~/page-routes";
import { splitLangPath } from "~/i18n/paths";
import { pageLanguages } from "~/seo/alternates";
import { withoutUpstreamBudget } from "~/upstream/budget.server";
import { getChildren, getPage } from "~/upstream/coms.server";
import { GLOSSARY_PATH } from "~/help/breadcrumbs";
import { glossaryLanguages } from "~/help/help.server";
import { SITEMAP_MAX_PAGES, isSitemapPath, renderSitemap, type SitemapPage } from "./sitemap";

const MAX_DEPTH = 6;
const CONCURRENCY = 8;
/** How long one built sitemap is reused in this process. */
const TTL_MS = 5 * 60_000;

let memo: { origin: string; at: number; xml: Promise<string> } | null = null;

async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY) {
    out.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(run))));
  }
  return out;
}

/**
 * Every content path, walking the content service's `children` listing from the home page down
 * (the service has no full page list: `pages-cache` only reports counts). English is the source
 * language, so the English tree holds every page; each page's own response then says which
 * languages it is really written in.
 */
async function contentPaths(): Promise<string[]> {
  const seen = new Set<string>(["/"]);
  let level = ["/"];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const lists = await inBatches(level, (path) => getChildren(DEFAULT_LANG, path));
    const next: string[] = [];
    for (const child of lists.flat()) {
      const path = splitLangPath(child.url.split(/[?#]/)[0] ?? "/").path;
      if (seen.size >= SITEMAP_MAX_PAGES) break;
      if (!seen.has(path) && isSitemapPath(path)) {
        seen.add(path);
        next.push(path);
      }
    }
    level = next;
  }
  return [...seen];
}

async function sitemapPage(path: string): Promise<SitemapPage | null> {
  const loaded = await getPage(DEFAULT_LANG, path);
  if (!loaded) return null;
  const { meta, settings, hreflangLocales } = loaded.page;
  const noIndex = meta["no-index"] === true || meta["no-index"] === "true";
  // A page canonical to another URL is that URL's duplicate, not a sitemap entry of its own.
  if (noIndex || settings.canonical?.trim()) return null;
  return { path, langs: pageLanguages(hreflangLocales, DEFAULT_LANG, false) };
}

/** The glossary (a page of the site built from the glossary call) in the languages it has. */
async function glossaryPage(): Promise<SitemapPage | null> {
  const langs = await glossaryLanguages();
  return langs.length > 0 ? { path: GLOSSARY_PATH, langs } : null;
}

async function build(origin: string): Promise<string> {
  const [paths, glossary] = await Promise.all([contentPaths(), glossaryPage()]);
  const pages = await inBatches(paths, sitemapPage);
  const found = pages.filter((page): page is SitemapPage => page !== null);
  if (glossary && !found.some((page) => page.path === GLOSSARY_PATH)) found.push(glossary);
  // The site's own pages written in every language (the cookie policy, the legal notice).
  for (const route of PAGE_ROUTES) {
    if (route.listed) found.push({ path: `/${route.path}`, langs: [...LANG_CODES] });
  }
  const listed = found.sort((a, b) => a.path.localeCompare(b.path));
  return renderSitemap(origin, listed);
}

/** The sitemap for the site origin, rebuilt at most every five minutes. */
export function sitemapXml(origin: string, now = Date.now()): Promise<string> {
  if (memo && memo.origin === origin && now - memo.at < TTL_MS) return memo.xml;
  // Hundreds of calls for everyone's sitemap: not bound by the budget of the request that asked.
  const xml = withoutUpstreamBudget(() => build(origin));
  memo = { origin, at: now, xml };
  // A failed build is not kept: the next request tries again.
  xml.catch(() => {
    if (memo?.xml === xml) memo = null;
  });
  return xml;
}
