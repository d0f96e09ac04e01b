/**
 * `/sign-in` (and prefixed): the account sign-in. Private: it may carry a return path, names the
 * account a sign-in link opens and shows one visitor's refusal. A signed-in visitor goes straight
 * to the account page.
 */
import {
  data,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readSession } from "~/account/session.server";
import { afterSignIn, nameFastLoginAccount } from "~/account/sign-in.server";
import { AUTOLOGIN_FORM, FAST_LOGIN_FORM, SIGN_IN_FORM, type SignInLink } from "~/account/names";
import { LinkSignInForm } from "~/account/LinkSignInForm";
import { SignInForm } from "~/account/SignInForm";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { isFormReply } from "~/forms/reply";
import { useTranslation } from "~/i18n/react";
import { splitLangPath } from "~/i18n/paths";
import { unlistedPageMeta } from "~/seo/route-meta";
import { getT } from "~/i18n/i18n.server";
import { sameSitePath } from "~/http/redirects";
import { useSiteData } from "~/root-data";
import { getConfig } from "~/config/config.server";

import { signInAction } from "~/account/sign-in.server";
import { withPageForms } from "~/page/page-action.server";

export const action = withPageForms(signInAction);

/** A link's code when it looks like one (never echoed otherwise). */
function linkCode(raw: string | null): string | null {
  return raw && raw.length <= 256 && /^[\w-]+$/.test(raw) ? raw : null;
}

/**
 * The return path of `?to=` when it is a same-site one the sign-in form can post back (its action
 * takes 512 characters), else none: the visitor then goes on to the account page.
 */
function returnPath(raw: string | null): string {
  const path = sameSitePath(raw);
  return path && path.length <= 512 ? path : "";
}

/** Why the visitor is asked to sign in again, from `?reason=` (a fixed list: nothing echoed). */
const REASONS: Record<string, string> = { expired: "api.EXPIRED_SESSION" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const to = returnPath(url.searchParams.get("to"));
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  if (await readSession(request)) throw redirect(afterSignIn(to, lang), { status: 302, headers });
  const reason = url.searchParams.get("reason");
  const notice = reason && Object.hasOwn(REASONS, reason) ? REASONS[reason]! : null;
  const title = getT(lang)("signIn.title");
  // A sign-in link: an e-mailed fast-login code, or a session from the web vault (autologin).
  // Whoever sends the link chooses the account, so the page names it before the visitor
  // confirms (no sign-in into a stranger's account unseen): a fast-login code's account is
  // looked up here, each look-up a guess under the sign-in links' limits, as the post is; with
  // no account to name (unknown code, too many guesses, the service failing) there is no
  // Continue. A web vault session's account cannot be named before it is used: the post lands
  // on the account page, which names it (afterAutologin).
  const fast = linkCode(url.searchParams.get("fast"));
  const vault = linkCode(url.searchParams.get("session"));
  let link: SignInLink | null = null;
  if (fast) {
    const account = await nameFastLoginAccount(fast, context.clientIp);
    link =
      "email" in account
        ? { kind: FAST_LOGIN_FORM, code: fast, email: account.email }
        : { kind: FAST_LOGIN_FORM, refusal: account.refusal };
  } else if (vault) {
    link = { kind: AUTOLOGIN_FORM, code: vault, email: null };
  }
  // The web vault's own flows for a visitor this form cannot sign in.
  const { signUpUrl, passwordResetUrl } = getConfig().brand;
  return data({ to, notice, title, link, signUpUrl, passwordResetUrl }, { headers });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader> = unlistedPageMeta("noindex, follow");

export default function SignInPage() {
  const { to, notice, link, signUpUrl, passwordResetUrl } = useLoaderData<typeof loader>();
  const actionData: unknown = useActionData();
  const posted = isFormReply(actionData) ? actionData : null;
  const reply = posted?.form === SIGN_IN_FORM ? posted : null;
  const linkReply = link && posted?.form === link.kind ? posted : null;
  const { t } = useTranslation();
  const { brand } = useSiteData();
  return (
    <section className="sign-in container-narrow">
      <h1>{t("signIn.title")}</h1>
      <p className="lead">{t("signIn.intro", { brand: brand.name })}</p>
      {notice && !posted ? (
        <p className="form-notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      {link ? (
        <LinkSignInForm link={link} to={to} reply={linkReply} />
      ) : (
        <SignInForm reply={reply} to={to} passwordResetUrl={passwordResetUrl} />
      )}
      <p className="sign-in__new">
        {t("signIn.newHere", { brand: brand.name })}{" "}
        <a href={signUpUrl}>{t("signIn.createAccount")}</a>
      </p>
      <p className="sign-in__vault">
        {t("signIn.vaultHint")}{" "}
        <a href={brand.webVaultUrl}>{t("signIn.vaultLink", { brand: brand.name })}</a>
      </p>
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
