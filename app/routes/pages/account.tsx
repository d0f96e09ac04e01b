/**
 * `/account` (and prefixed): the signed-in visitor's subscription (SPEC §4, §6). Private and
 * never cached. Anonymous visitors are sent to sign in (and back here after); a session the
 * provider no longer knows (401) is ended and the visitor asked to sign in again.
 */
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { statusText, subscriptionStatus } from "~/account/status";
import { requireVisitor } from "~/account/change-password.server";
import { signInTarget } from "~/account/sign-in.server";
import { VAULT_HANDOFF_PATH } from "~/account/vault";
import { planName } from "~/commerce/plan-label";
import { pageAction } from "~/page/page-action.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { getT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { unlistedPageMeta } from "~/seo/route-meta";
import { useSiteData } from "~/root-data";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const here = localizePath("/account", lang);
  const visitor = await requireVisitor(request, here, lang);
  const t = getT(lang);
  const info = visitor.info;
  const status = info ? subscriptionStatus(info.status, Date.now()) : null;
  // Landed on after a sign-in link of the web vault (afterAutologin): the account is named at
  // the top, with a way to sign out of it, and the page the link led to (`to`, never an action
  // route) is a link to follow once the visitor sees the account is theirs. Without the e-mail
  // (user-info/ failing) nothing names the account, so no way on is offered.
  const linked = url.searchParams.get("linked") === "1";
  const next = linked && info?.email ? signInTarget(url.searchParams.get("to")) : null;
  return data(
    {
      email: info?.email ?? null,
      linked,
      next: next && next.length <= 512 ? next : null,
      signInPath: localizePath("/sign-in", lang),
      plan: info?.plan ? planName(info.plan, t) : null,
      status: status ? statusText(status, lang, t) : null,
      expired: status?.kind === "expired",
      vaultSession: Boolean(visitor.session.sessionId),
      /** Back from a password change (a fixed notice: nothing from the URL is shown). */
      changed: url.searchParams.get("changed") === "1",
      title: t("signIn.account.title"),
    },
    { headers: NO_STORE },
  );
}

/** The footer's forms (newsletter) post here. */
export const action = pageAction;

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = unlistedPageMeta("noindex, nofollow");

export default function AccountPage() {
  const account = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { brand, lang } = useSiteData();
  const vault = account.vaultSession ? VAULT_HANDOFF_PATH : brand.webVaultUrl;
  return (
    <section className="account-page container-narrow">
      <h1>{t("signIn.account.title")}</h1>
      {account.changed ? (
        <p className="form-notice form-notice--done" role="status">
          {t("signIn.account.passwordChanged")}
        </p>
      ) : null}
      {account.linked ? (
        <div className="account-page__linked" role="status" data-testid="linked-account">
          <p>
            <strong>
              {account.email
                ? t("signIn.account.linkedAs", { email: account.email })
                : t("signIn.account.linked")}
            </strong>
          </p>
          <Form method="post" action="/action/logout">
            <input type="hidden" name="to" value={account.signInPath} />
            {t("signIn.account.notYours")}{" "}
            <button type="submit" className="btn btn--secondary">
              {t("header.logout")}
            </button>
          </Form>
          {account.next ? (
            <p>
              <Link to={account.next}>{t("signIn.account.continue")}</Link>
            </p>
          ) : null}
        </div>
      ) : account.email ? (
        <p className="lead">{t("signIn.account.signedInAs", { email: account.email })}</p>
      ) : null}
      {account.status === null ? (
        <p role="status">{t("signIn.account.unavailable")}</p>
      ) : (
        <dl className="account-page__facts">
          <div>
            <dt>{t("signIn.account.status")}</dt>
            <dd
              className={account.expired ? "account-page__status--expired" : undefined}
              data-testid="subscription-status"
            >
              {account.status}
            </dd>
          </div>
          {account.plan ? (
            <div>
              <dt>{t("signIn.account.plan")}</dt>
              <dd>{account.plan}</dd>
            </div>
          ) : null}
        </dl>
      )}
      <p className="account-page__renewal">{t("signIn.account.renewal")}</p>
      <ul className="account-page__links">
        <li>
          <Link to={localizePath("/account/change-password", lang)}>
            {t("signIn.account.changePassword")}
          </Link>
        </li>
        <li>
          <a href={vault}>{t("signIn.account.webVault")}</a>
        </li>
        {account.expired ? (
          <li>
            <Link to={localizePath("/pricing", lang)}>{t("signIn.account.buy")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
