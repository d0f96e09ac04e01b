/**
 * `/sign-in` (and prefixed): the account sign-in. Private: it may carry a return path and shows
 * one visitor's refusal. A signed-in visitor goes straight to the account page.
 */
import {
  data,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData } from "@remix-run/react";
import { readSession } from "~/account/session.server";
import { afterSignIn } from "~/account/sign-in.server";
import { SignInForm } from "~/account/SignInForm";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { isFormReply } from "~/forms/reply";
import { useTranslation } from "~/i18n/react";
import { splitLangPath } from "~/i18n/paths";
import { errorMeta, rootDataFromMatches } from "~/meta/route-meta";
import { getT } from "~/i18n/i18n.server";
import { sameSitePath } from "~/security/redirects";
import { useSiteData } from "~/root-data";

export { signInAction as action } from "~/account/sign-in.server";

/** Why the visitor is asked to sign in again, from `?reason=` (a fixed list: nothing echoed). */
const REASONS: Record<string, string> = { expired: "api.EXPIRED_SESSION" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const to = sameSitePath(url.searchParams.get("to")) ?? "";
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  if (readSession(request)) throw redirect(afterSignIn(to, lang), { status: 302, headers });
  const reason = url.searchParams.get("reason");
  const notice = reason && Object.hasOwn(REASONS, reason) ? REASONS[reason]! : null;
  const title = getT(lang)("signIn.title");
  return data({ to, notice, title }, { headers });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data: result, matches, error }) => {
  if (!result || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  const root = rootDataFromMatches(matches);
  return [
    { title: `${result.title} | ${root?.brand.name ?? ""}` },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SignInPage() {
  const { to, notice } = useLoaderData<typeof loader>();
  const actionData: unknown = useActionData();
  const reply = isFormReply(actionData) && actionData.form === "sign-in" ? actionData : null;
  const { t } = useTranslation();
  const { brand } = useSiteData();
  return (
    <section className="sign-in container-narrow">
      <h1>{t("signIn.title")}</h1>
      <p className="lead">{t("signIn.intro", { brand: brand.name })}</p>
      {notice && !reply ? (
        <p className="form-notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      <SignInForm reply={reply} to={to} />
      <p className="sign-in__vault">
        {t("signIn.vaultHint")}{" "}
        <a href={brand.webVaultUrl}>{t("signIn.vaultLink", { brand: brand.name })}</a>
      </p>
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/content/ErrorBoundary";
