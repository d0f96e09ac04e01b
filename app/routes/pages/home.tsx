/** The home page, `/` and `/<lang>`: a content page like any other. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContentPage } from "~/content/page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request);

export {
  contentMeta as meta,
  contentHeaders as headers,
  ContentPage as default,
  ContentErrorBoundary as ErrorBoundary,
} from "~/content/ContentRoute";
