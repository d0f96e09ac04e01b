import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
} from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { pageHeaders } from "~/page/page-variant";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { pageRouteCard } from "~/page-cards.server";
import { pageCardTags } from "~/social/card-tags";
import { errorMeta, metaT, rootDataFromMatches } from "~/seo/route-meta";
import { ErrorModal } from "~/layout/modals";
import { PopularPages } from "~/layout/PopularPages";
import { useSiteData } from "~/root-data";
import { log } from "~/observability/log.server";
import { getT } from "~/i18n/i18n.server";
import { searchPages } from "~/upstream/coms.server";
import { pageAction } from "~/page/page-action.server";
import { countSearch } from "~/forms/rate-limit.server";
import { UnknownFormNotice } from "~/forms/FormNotice";
import {
  checkQuery,
  MAX_QUERY,
  PAGE_SIZE,
  pageCount,
  parsePage,
  type Segment,
} from "~/content/search-text";
import { resultExcerpt } from "~/content/search-excerpt.server";
import { otherLanguage, pageTitle, resultKind, type ResultKind } from "~/content/search-result";
import { getConfig } from "~/config/config.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { Pager, pagerLinks, searchPageHref, type PagerLink } from "~/content/Pager";

export interface SearchHit {
  url: string;
  /** The page's own title, without the site's signature. */
  title: string;
  kind: ResultKind;
  /** The language the page is written in when it is not the visitor's (an English stand-in). */
  lang: LangCode | null;
  excerpt: Segment[];
}

/**
 * Why the page shows no results list: a refused query or page, a page past the last, or the
 * address's searches used up for now (`tooMany`).
 */
export type SearchProblem = "tooLong" | "badPage" | "pastLast" | "tooMany" | null;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const checked = checkQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const t = getT(lang);
  const base = {
    lang,
    query: "",
    page: page ?? 1,
    pages: 1,
    total: 0,
    results: null as SearchHit[] | null,
    failed: false,
    problem: null as SearchProblem,
    prev: null as string | null,
    next: null as string | null,
    first: 1,
    pager: [] as PagerLink[],
    /** Why no results are listed (a refused query or page, a page past the last), localized. */
    notice: null as string | null,
    /** The link back to page 1 shown past the last page, with its words. */
    firstLink: null as { href: string; text: string } | null,
    /** "Page n of m" above the page links. */
    pagerStatus: "",
    /** "Page n" for the document title, from page 2 on. */
    pageLabel: "",
    /** The page's social card. */
    card: pageRouteCard(lang, "/search"),
  };
  const headers = pageHeaders(request);
  if (checked.kind === "tooLong") {
    // Shown in the box cut to the limit, never echoed whole.
    const cut = [...(url.searchParams.get("q") ?? "").trim()].slice(0, MAX_QUERY).join("");
    const notice = t("searchResults.queryTooLong", { max: String(MAX_QUERY) });
    return data(
      { ...base, query: cut, problem: "tooLong" as const, notice },
      { status: 400, headers },
    );
  }
  if (checked.kind === "empty") return data(base, { headers });
  const query = checked.query;
  if (page === null) {
    const notice = t("searchResults.badPage");
    return data({ ...base, query, problem: "badPage" as const, notice }, { status: 400, headers });
  }
  // Every search that would ask the search service counts on the address, whether the page or
  // its `.data` request asks (both run this loader once); the empty page and refusals above don't.
  const allowance = await countSearch(context.clientIp);
  if (!allowance.allowed) {
    const notice = t("searchResults.tooMany");
    const retryAfter = String(Math.max(1, Math.ceil(allowance.msBeforeNext / 1000)));
    return data(
      { ...base, query, problem: "tooMany" as const, notice },
      { status: 429, headers: { "Cache-Control": PRIVATE_NO_STORE, "Retry-After": retryAfter } },
    );
  }
  let found;
  try {
    found = await searchPages(lang, query, page, PAGE_SIZE);
  } catch (error) {
    log.error("Search failed", error);
    return data(
      { ...base, query, failed: true },
      { headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  const pages = pageCount(found.total);
  const total = found.total;
  if (page > pages || (page > 1 && found.results.length === 0)) {
    return data(
      {
        ...base,
        query,
        total,
        pages,
        problem: "pastLast" as const,
        notice: t("searchResults.pastLast", { query, page: String(page) }),
        firstLink:
          total > 0
            ? { href: searchPageHref(url.pathname, query, 1), text: t("searchResults.firstPage") }
            : null,
      },
      { status: 404, headers },
    );
  }
  const { brand } = getConfig();
  const names = [brand.name, brand.providerName];
  const results = found.results.map((item): SearchHit => {
    const title = pageTitle(item.title, names);
    return {
      url: item.url,
      title,
      kind: resultKind(item.url),
      lang: otherLanguage(item.lang, lang),
      excerpt: resultExcerpt(item.excerpt || item.description, title, query),
    };
  });
  return data(
    {
      ...base,
      query,
      page,
      pages,
      total,
      results,
      first: (page - 1) * PAGE_SIZE + 1,
      pager: pagerLinks(t, page, pages, (n) => searchPageHref(url.pathname, query, n)),
      pagerStatus: t("searchResults.pageOf", { page: String(page), pages: String(pages) }),
      pageLabel: page > 1 ? t("searchResults.page", { page: String(page) }) : "",
      prev: page > 1 ? searchPageHref(url.pathname, query, page - 1) : null,
      next: page < pages ? searchPageHref(url.pathname, query, page + 1) : null,
    },
    { headers },
  );
}

/** The page's forms (the footer newsletter) post here. */
export const action = pageAction;

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: result, matches, error }) => {
  if (!result || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  const root = rootDataFromMatches(matches);
  const brand = root?.brand.name ?? "";
  const title = metaT(root)("search.title");
  const { query } = result;
  const pageLabel = query && result.pageLabel ? ` (${result.pageLabel})` : "";
  const tags: MetaDescriptor[] = [
    { title: query ? `${title}: ${query}${pageLabel} | ${brand}` : `${title} | ${brand}` },
    { name: "robots", content: "noindex, follow" },
    ...pageCardTags(title, result.card),
  ];
  if (result.prev) tags.push({ tagName: "link", rel: "prev", href: result.prev });
  if (result.next) tags.push({ tagName: "link", rel: "next", href: result.next });
  return tags;
};

function Excerpt({ segments, lang }: { segments: Segment[]; lang?: string }) {
  return (
    <p className="search-result__excerpt" lang={lang}>
      {segments.map((segment, i) =>
        segment.mark ? <mark key={i}>{segment.text}</mark> : segment.text,
      )}
    </p>
  );
}

/** What to do when nothing was found: three tips, then the pages most visitors look for. */
function NoResults() {
  const { t } = useTranslation();
  return (
    <div className="search-empty">
      <section className="search-empty__tips" aria-labelledby="search-tips">
        <h2 id="search-tips">{t("search.tipsTitle")}</h2>
        <ul>
          <li>{t("search.tips.spelling")}</li>
          <li>{t("search.tips.fewer")}</li>
          <li>{t("search.tips.similar")}</li>
        </ul>
      </section>
      <PopularPages id="search-popular" />
    </div>
  );
}

export default function SearchPage() {
  const result = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { query, results, failed, problem, notice, firstLink, total } = result;
  const nothing = results?.length === 0;
  const heading =
    query && !problem
      ? t(nothing ? "search.noResultsTitle" : "search.resultsFor", { query })
      : t("search.title");
  return (
    <section className="search-page container-narrow">
      <h1>{heading}</h1>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY}
          required
        />
        <button type="submit" className="btn btn--primary">
          {t("search.submit")}
        </button>
      </Form>
      <ErrorModal open={failed} message={t("errors.undefinedError")} />
      <UnknownFormNotice />
      {!query ? (
        <div className="search-empty">
          <p className="lead">{t("search.prompt")}</p>
          <PopularPages id="search-popular" heading={t("search.popular")} />
        </div>
      ) : null}
      {notice ? <p role="alert">{notice}</p> : null}
      {firstLink ? (
        <p>
          <Link to={firstLink.href}>{firstLink.text}</Link>
        </p>
      ) : null}
      {results ? (
        <>
          <p aria-live="polite" className={nothing ? "sr-only" : "search-page__count"}>
            {t("search.resultCount", { count: total })}
          </p>
          {nothing ? (
            <NoResults />
          ) : (
            <ol className="search-results" start={result.first}>
              {results.map((item) => (
                <li key={item.url} className="search-result">
                  <p className="search-result__kind">
                    {t(`searchResults.kind.${item.kind}`)}
                    {item.lang ? (
                      <>
                        {" · "}
                        <span lang={getLanguage(item.lang).iso}>
                          {getLanguage(item.lang).label}
                        </span>
                      </>
                    ) : null}
                  </p>
                  <h2 lang={item.lang ? getLanguage(item.lang).iso : undefined}>
                    <Link to={localizePath(item.url, lang)}>{item.title}</Link>
                  </h2>
                  <Excerpt
                    segments={item.excerpt}
                    lang={item.lang ? getLanguage(item.lang).iso : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          <Pager
            links={result.pager}
            status={result.pagerStatus}
            label={t("searchResults.pagination")}
          />
        </>
      ) : null}
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
