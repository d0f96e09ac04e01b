/** Meta, headers, view and error boundary shared by the home and catch-all content routes. */
import type { HeadersFunction, MetaFunction, TypedResponse } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { Blocks } from "~/page/Blocks";
import type { ContentPageData } from "~/page/page.server";
import { FeedbackPanel } from "~/forms/FeedbackPanel";
import { UnknownFormNotice } from "~/forms/FormNotice";
import { LazyOrderSummary } from "~/commerce/LazyOrderSummary";
import { NonLanguageNotice } from "~/layout/Notices";
import { RelatedPosts } from "~/content/blocks/listing";
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
  return (
    <>
      {page.fallback ? <NonLanguageNotice /> : null}
      <UnknownFormNotice />
      {/* The payment outcome pages' order (or "no order to show"). */}
      {page.order !== undefined ? <LazyOrderSummary order={page.order} path={page.path} /> : null}
      {page.html ? <div dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
      {page.blocks.length === 0 ? null : (
        <article className={className} lang={lang}>
          <Blocks blocks={page.blocks} page />
        </article>
      )}
      {page.related ? <RelatedPosts posts={page.related} /> : null}
      {/* Per visitor (answered, just voted): outside the article. */}
      {page.feedback ? (
        <FeedbackPanel key={page.path} kind={page.feedback.kind} path={page.path} />
      ) : null}
    </>
  );
}

export { ContentErrorBoundary } from "~/layout/ErrorBoundary";
