/** The home page, `/` and `/<lang>`: a content page like any other. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContentPage } from "~/page/page.server";
import { pageAction } from "~/page/page-action.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadContentPage(request, context.clientIp);
/** The page's forms (footer newsletter, feedback, content forms) post here. */
export const action = pageAction;

export {
  contentMeta as meta,
  contentHeaders as headers,
  ContentPage as default,
  ContentErrorBoundary as ErrorBoundary,
} from "~/page/ContentRoute";
