/**
 * `/imprint` (and prefixed; "Impressum" on the German site): who runs the site — company,
 * address, register entry, VAT id, who represents it and how to reach it, all configured
 * (COMPANY_*, POSTAL_ADDRESS), in the visitor's language.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getConfig } from "~/config/config.server";
import { pageAction } from "~/page/page-action.server";
import { pageHeaders } from "~/page/page-variant";
import { getT } from "~/i18n/i18n.server";
import { splitLangPath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { legalHead } from "~/legal/legal-head.server";
import { pageRouteCard } from "~/page-cards.server";
import { legalPageMeta } from "~/legal/legal-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const t = getT(lang);
  const { company, brand, sandbox } = getConfig();
  const title = t("imprint.title");
  const description = t("imprint.description", { company: company.legalName, brand: brand.name });
  return data(
    {
      head: legalHead(lang, "/imprint", title, description, pageRouteCard(lang, "/imprint")),
      title,
      company,
      address: brand.postalAddress,
      /** The sandbox's company is the demo brand's: the page says so. */
      demo: sandbox,
    },
    { headers: pageHeaders(request) },
  );
}

/** The footer's forms (newsletter) post here. */
export const action = pageAction;

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta = legalPageMeta;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function ImprintPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { company } = page;
  return (
    <article className="legal-page container-narrow">
      <h1>{page.title}</h1>
      {page.demo ? <p className="legal-page__note">{t("imprint.demo")}</p> : null}
      <dl className="legal-facts">
        <Fact label={t("imprint.operator")}>{company.legalName}</Fact>
        <Fact label={t("imprint.address")}>{page.address}</Fact>
        {company.representative ? (
          <Fact label={t("imprint.representative")}>{company.representative}</Fact>
        ) : null}
        <Fact label={t("imprint.contact")}>
          <a href={`mailto:${company.email}`}>{company.email}</a>
          {company.phone ? (
            <>
              <br />
              <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}>{company.phone}</a>
            </>
          ) : null}
        </Fact>
        {company.register ? <Fact label={t("imprint.register")}>{company.register}</Fact> : null}
        {company.vatId ? <Fact label={t("imprint.vatId")}>{company.vatId}</Fact> : null}
        {company.representative ? (
          <Fact label={t("imprint.responsible")}>{company.representative}</Fact>
        ) : null}
      </dl>
      <h2>{t("imprint.disputesTitle")}</h2>
      <p>{t("imprint.disputes")}</p>
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
