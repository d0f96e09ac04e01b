/**
 * `/cookies` (and prefixed): the cookie policy — every cookie the site sets, read from the
 * site's own list (app/legal/site-cookies.server.ts), so the page cannot drift from the code.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getConfig } from "~/config/config.server";
import { pageAction } from "~/page/page-action.server";
import { pageHeaders } from "~/page/page-variant";
import { getT } from "~/i18n/i18n.server";
import { getLanguage } from "~/i18n/languages";
import { splitLangPath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { legalHead } from "~/legal/legal-head.server";
import { pageRouteCard } from "~/page-cards.server";
import { legalPageMeta } from "~/legal/legal-meta";
import { formatLifetime } from "~/legal/lifetime";
import { partMarks, PolicyLink, WithParts } from "~/layout/PolicyLinks";
import { cookieRows } from "~/legal/site-cookies.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const t = getT(lang);
  const { cookies } = getConfig();
  const iso = getLanguage(lang).iso;
  const rows = cookieRows(cookies.secure).map((row) => ({
    ...row,
    lifetime: formatLifetime(row.maxAgeS, iso),
  }));
  const title = t("cookiePolicy.title");
  return data(
    {
      head: legalHead(
        lang,
        "/cookies",
        title,
        t("cookiePolicy.description"),
        pageRouteCard(lang, "/cookies"),
      ),
      title,
      rows,
      /** The parent domain the shared cookies also go to, when one is configured. */
      sharedDomain: cookies.domain ?? null,
    },
    { headers: pageHeaders(request) },
  );
}

/** The footer's forms (newsletter) post here. */
export const action = pageAction;

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta = legalPageMeta;

export default function CookiePolicyPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="legal-page container-narrow">
      <h1>{page.title}</h1>
      <p className="lead">{t("cookiePolicy.intro")}</p>
      <h2 id="site-cookies">{t("cookiePolicy.listTitle")}</h2>
      <ul className="cookie-list" aria-labelledby="site-cookies">
        {page.rows.map((row) => (
          <li key={row.name} className="cookie-list__item">
            <h3 className="cookie-list__name">
              <code>{row.name}</code>
            </h3>
            <p>{t(`cookiePolicy.purpose.${row.purpose}`)}</p>
            <dl className="cookie-list__facts">
              <div>
                <dt>{t("cookiePolicy.kept")}</dt>
                <dd>{row.lifetime}</dd>
              </div>
              <div>
                <dt>{t("cookiePolicy.access")}</dt>
                <dd>
                  {t(row.scriptReadable ? "cookiePolicy.scriptReadable" : "cookiePolicy.httpOnly")}
                </dd>
              </div>
              {row.shared && page.sharedDomain ? (
                <div>
                  <dt>{t("cookiePolicy.sentTo")}</dt>
                  <dd>{t("cookiePolicy.sharedWith", { domain: page.sharedDomain })}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      <h2>{t("cookiePolicy.othersTitle")}</h2>
      <p>{t("cookiePolicy.others")}</p>
      <h2>{t("cookiePolicy.deleteTitle")}</h2>
      <p>{t("cookiePolicy.delete")}</p>
      <p>
        <WithParts
          text={t("cookiePolicy.more", partMarks(["privacy"]))}
          parts={{ privacy: <PolicyLink policy="privacy" inline /> }}
        />
      </p>
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
