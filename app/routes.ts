import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { languageRoutes } from "./i18n/language-routes";
import { PAGE_ROUTES } from "./page-routes";

/**
 * Pages (app/page-routes.ts) get their nine language variants as literal routes: `search`,
 * `de/search`, `jp/search`, … Routes that are no pages (form actions, redirects, files) stay
 * file-system routes in app/routes/; the page modules in app/routes/pages/ are left to the list.
 */
export default flatRoutes({ ignoredRouteFiles: ["routes/pages", "**/*.test.*", "**/.*"] }).then(
  (fileRoutes) => [...languageRoutes(PAGE_ROUTES), ...fileRoutes],
) satisfies RouteConfig;
