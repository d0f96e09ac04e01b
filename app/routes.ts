import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { languageRoutes } from "./i18n/language-routes";
import { LANGUAGE_FILE_ROUTES, PAGE_ROUTES } from "./page-routes";

/**
 * Pages (app/page-routes.ts) get their nine language variants as literal routes: `search`,
 * `de/search`, `jp/search`, … and so do the files served in every language (the blog's feed).
 * Routes that are no pages (form actions, redirects, other files) stay file-system routes in
 * app/routes/; the modules in app/routes/pages/ and app/routes/files/ are left to the lists.
 */
export default flatRoutes({
  ignoredRouteFiles: ["routes/pages", "routes/files", "**/*.test.*", "**/.*"],
}).then((fileRoutes) => [
  ...languageRoutes(PAGE_ROUTES),
  ...languageRoutes(LANGUAGE_FILE_ROUTES),
  ...fileRoutes,
]) satisfies RouteConfig;
