/** The wallet payment page: no header, footer or banner around it (SPEC §2). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContentPage } from "~/content/page.server";

export const handle = { layout: "bare" };

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request);

export {
  contentMeta as meta,
  contentHeaders as headers,
  ContentPage as default,
  ContentErrorBoundary as ErrorBoundary,
} from "~/content/ContentRoute";
