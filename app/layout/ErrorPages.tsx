import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import { isChunkLoadError } from "./progress";

export function NotFoundPage() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <section className="error-page container">
      <p className="error-page__code">404</p>
      <h1>{t("errors.notFoundTitle")}</h1>
      <p>{t("errors.notFoundText")}</p>
      <p className="error-page__detail">{t("errors.undefinedUrl")}</p>
      <Link to={localizePath("/", lang)} className="btn btn--primary">
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
