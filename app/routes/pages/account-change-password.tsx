/**
 * `/account/change-password` (and prefixed): a new password for the signed-in visitor (SPEC §5).
 * A plain form posting to this page: the same with and without JS; the rules are checked on the
 * server, each error on its own field, and no password is ever sent back.
 */
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { requireVisitor } from "~/account/change-password.server";
import { CHANGE_PASSWORD_FORM } from "~/account/names";
import { PasswordInput } from "~/account/PasswordInput";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "~/forms/fields";
import { fieldError, isFormReply } from "~/forms/reply";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { useTranslation } from "~/i18n/react";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { unlistedPageMeta } from "~/seo/route-meta";
import { getT } from "~/i18n/i18n.server";
import { useSiteData } from "~/root-data";

import { changePasswordAction } from "~/account/change-password.server";
import { withPageForms } from "~/page/page-action.server";

export const action = withPageForms(changePasswordAction);

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  await requireVisitor(request, localizePath("/account/change-password", lang), lang);
  return data({ title: getT(lang)("signIn.account.changePassword") }, { headers: NO_STORE });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = unlistedPageMeta("noindex, nofollow");

export default function ChangePasswordPage() {
  const actionData: unknown = useActionData();
  const reply =
    isFormReply(actionData) && actionData.form === CHANGE_PASSWORD_FORM ? actionData : null;
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  useLoadingOverlay(busy);
  const formError = fieldError(reply, "");
  const termsError = fieldError(reply, "terms");
  return (
    <section className="account-page container-narrow">
      <h1>{t("signIn.account.changePassword")}</h1>
      <p className="lead">{t("signIn.account.passwordRules")}</p>
      <Form method="post" className="sign-in-form" noValidate>
        <FormHiddenFields form={CHANGE_PASSWORD_FORM} />
        {formError ? (
          <p className="form-notice" role="alert">
            {t(formError)}
          </p>
        ) : null}
        <PasswordInput
          id={`${ids}-current`}
          name="current"
          label={t("signIn.account.currentPassword")}
          autoComplete="current-password"
          error={fieldError(reply, "current")}
          required
        />
        <PasswordInput
          id={`${ids}-password`}
          name="password"
          label={t("signIn.account.newPassword")}
          autoComplete="new-password"
          error={fieldError(reply, "password")}
          required
        />
        <PasswordInput
          id={`${ids}-repeat`}
          name="repeat"
          label={t("signIn.account.repeatPassword")}
          autoComplete="new-password"
          error={fieldError(reply, "repeat")}
          required
        />
        <div className="field field--check">
          <input
            id={`${ids}-terms`}
            type="checkbox"
            name="terms"
            required
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${ids}-terms-error` : undefined}
          />
          <label htmlFor={`${ids}-terms`}>{t("signIn.account.terms")}</label>
          <FieldError id={`${ids}-terms-error`} error={termsError} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("signIn.account.savePassword")}
        </button>
      </Form>
      <p>
        <Link to={localizePath("/account", lang)}>{t("signIn.account.title")}</Link>
      </p>
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
