/** Every content page: `/features`, `/de/help/manuals/how-to-install`, … */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContentPage } from "~/page/page.server";
import { pageAction } from "~/page/page-action.server";
import { GLOSSARY_PATH } from "~/help/breadcrumbs";
import { loadGlossaryPage } from "~/page/glossary-page.server";
import { splitLangPath } from "~/i18n/paths";

/** The glossary's URL, in any language. */
function isGlossary(request: Request): boolean {
  return splitLangPath(new URL(request.url).pathname).path === GLOSSARY_PATH;
}

/** Content pages; the glossary (`/help/glossary`) is built from the content service's glossary. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  isGlossary(request) ? loadGlossaryPage(request) : loadContentPage(request, context.clientIp);
/** The page's forms (footer newsletter, feedback, content forms) post here. */
export const action = pageAction;

export {
  contentMeta as meta,
  contentHeaders as headers,
  ContentPage as default,
  ContentErrorBoundary as ErrorBoundary,
} from "~/page/ContentRoute";
