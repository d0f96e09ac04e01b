import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PRIVATE_NO_STORE, pageHeaders } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { errorMeta, messageFrom, rootDataFromMatches } from "~/meta/route-meta";
import { ErrorModal } from "~/layout/modals";
import { useSiteData } from "~/root-data";
import { log } from "~/log.server";
import { searchPages } from "~/upstream/coms.server";
import { pageAction } from "~/forms/page-action.server";
import type { SearchResults } from "~/upstream/coms.schemas";

const MAX_QUERY = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  let results: SearchResults | null = null;
  let failed = false;
  if (query) {
    results = await searchPages(lang, query).catch((error: unknown) => {
      log.error("Search failed", error);
      failed = true;
      return null;
    });
  }
  return data(
    { lang, query, results, failed },
    {
      headers: failed ? { "Cache-Control": PRIVATE_NO_STORE } : pageHeaders(request),
    },
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
  const title = messageFrom(root, "search.title");
  const { query } = result;
  return [
    {
      title: query
        ? `${title}: ${query} | ${root?.brand.name ?? ""}`
        : `${title} | ${root?.brand.name ?? ""}`,
    },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchPage() {
  const result = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { query, results, failed } = result;
  return (
    <section className="search-page container-narrow">
      <h1>{query ? t("search.resultsFor", { query }) : t("search.title")}</h1>
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
      {!query ? <p className="lead">{t("search.prompt")}</p> : null}
      {results ? (
        <>
          <p aria-live="polite">{t("search.resultCount", { count: results.total })}</p>
          {results.results.length === 0 ? (
            <p>{t("search.noResults", { query })}</p>
          ) : (
            <ol className="search-results">
              {results.results.map((item) => (
                <li key={item.url} className="search-result">
                  <h2>
                    <Link to={localizePath(item.url, lang)}>{item.title}</Link>
                  </h2>
                  <p>{item.excerpt || item.description}</p>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/content/ContentRoute";
