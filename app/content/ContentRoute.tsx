/** Meta, headers, view and error boundary shared by the home and catch-all content routes. */
import type { HeadersFunction, MetaFunction, TypedResponse } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { Blocks } from "~/content/Blocks";
import type { ContentPageData } from "~/content/page.server";
import { FeedbackPanel } from "~/forms/FeedbackPanel";
import { UnknownFormNotice } from "~/forms/FormNotice";
import { LazyOrderSummary } from "~/commerce/LazyOrderSummary";
import { NonLanguageNotice } from "~/layout/Notices";
import { RelatedPosts } from "~/content/blocks/listing";
import { Prerendered } from "~/render/Prerendered";
import { pageSegments } from "~/content/segments";
import { errorMeta } from "~/seo/route-meta";

/** The loader of a content route (defined in the route module, as server code must be). */
type ContentLoader = () => Promise<TypedResponse<ContentPageData>>;

/** After a form post the action's headers (private) win over the page's (shareable). */
export const contentHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The page's tags, built on the server (page-head.server.ts): the browser only hands them on. */
export const contentMeta: MetaFunction<ContentLoader> = ({ data, matches, error }) => {
  if (!data || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  return data.head;
};

export function ContentPage() {
  const page = useLoaderData<ContentLoader>();
  const className = `page page--${page.layout}`;
  const lang = page.fallback ? "en" : undefined;
  const segments = pageSegments(page.blocks);
  return (
    <>
      {page.fallback ? <NonLanguageNotice /> : null}
      <UnknownFormNotice />
      {/* The payment outcome pages' order (or "no order to show"): never prerendered. */}
      {page.order !== undefined ? <LazyOrderSummary order={page.order} path={page.path} /> : null}
      {page.html ? <div dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
      {page.blocks.length === 0 ? null : segments.some((segment) => segment.live) ? (
        // Forms show one visitor's errors, input and results: they render for every request,
        // between prerendered runs of the other blocks (each its own class, so its own HTML).
        <article className={className} lang={lang}>
          {segments.map((segment, index) =>
            segment.live ? (
              <Blocks key={index} blocks={segment.blocks} page={index === 0} />
            ) : (
              <Prerendered
                key={index}
                as="div"
                className={`page__part page__part--${index + 1}`}
                version={segment.blocks}
                perPath
              >
                <Blocks blocks={segment.blocks} page={index === 0} />
              </Prerendered>
            ),
          )}
        </article>
      ) : (
        <Prerendered as="article" className={className} lang={lang} version={page.blocks} perPath>
          <Blocks blocks={page.blocks} page />
        </Prerendered>
      )}
      {page.related ? <RelatedPosts posts={page.related} /> : null}
      {/* Per visitor (answered, just voted): never part of the prerendered article. */}
      {page.feedback ? (
        <FeedbackPanel key={page.path} kind={page.feedback.kind} path={page.path} />
      ) : null}
    </>
  );
}

export { ContentErrorBoundary } from "~/content/ErrorBoundary";
