import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import { PopularPages } from "./PopularPages";
import { isChunkLoadError } from "./progress";

/**
 * The not-found page: says which address has nothing (the visitor's own path, escaped by React),
 * offers the site's search and the pages most visitors look for, and the way home — all plain
 * links and a GET form, so it works without JS.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { pathname } = useLocation();
  return (
    <section className="error-page container-narrow">
      <p className="error-page__code">404</p>
      <h1>{t("errors.notFoundTitle")}</h1>
      <p className="error-page__path">
        <code>{pathname}</code>
      </p>
      <p className="lead">{t("errors.notFoundText")}</p>
      <form
        className="error-page__search"
        method="get"
        action={localizePath("/search", lang)}
        role="search"
      >
        <label className="sr-only" htmlFor="not-found-q">
          {t("errors.searchLabel")}
        </label>
        <input
          id="not-found-q"
          type="search"
          name="q"
          placeholder={t("errors.searchLabel")}
          maxLength={200}
        />
        <button type="submit" className="btn btn--primary">
          {t("search.submit")}
        </button>
      </form>
      <PopularPages id="not-found-popular" />
      <Link to={localizePath("/", lang)} className="btn btn--secondary-outlined">
        {t("errors.backHome")}
      </Link>
    </section>
  );
}

export function GenericErrorPage() {
  const { t } = useTranslation();
  const { lang, integrations } = useSiteData();
  const error = useRouteError();
  const reporting = integrations?.errors !== undefined;
  useEffect(() => {
    // A route chunk that failed to load (a new build was deployed): reload once to recover.
    if (isChunkLoadError(error)) {
      void import("./browser-guards.client").then((m) => m.reloadAfterChunkError(error));
    } else if (reporting) {
      // A fault in the browser (rendering); the reporter's filter leaves out 4xx pages and the
      // server's own errors, which the server reports.
      void import("~/integrations/start").then((m) => m.reportError(error));
    }
  }, [error, reporting]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="error-page container">
      <h1>{t("errors.genericTitle")}</h1>
      <p>{t("errors.undefinedError")}</p>
      <a href={localizePath("/", lang)} className="btn btn--primary">
        {t("errors.backHome")}
      </a>
    </section>
  );
}
