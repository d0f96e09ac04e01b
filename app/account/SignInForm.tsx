import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "~/forms/fields";
import { LIMITS } from "~/forms/names";
import { SIGN_IN_FORM } from "./names";
import { PasswordInput } from "./PasswordInput";
import { fieldError, sentValue, type FormReply } from "~/forms/reply";

/** One labelled input with its server-side error. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * The sign-in form: a plain post to the page (validated on the server only, so it behaves the
 * same with and without JS); the e-mail comes back after a refusal, the password never does.
 * "Forgot password?" sits under the password, where a visitor who cannot remember it looks.
 */
export function SignInForm({
  reply,
  to,
  passwordResetUrl,
}: {
  reply: FormReply | null;
  to: string;
  passwordResetUrl: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  useLoadingOverlay(busy);
  // Each answer to a post empties the password field, as the new page without JS would.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("password");
    if (reply && field instanceof HTMLInputElement) field.value = "";
  }, [reply]);
  const formError = fieldError(reply, "");
  const emailError = fieldError(reply, "email");
  const passwordError = fieldError(reply, "password");
  return (
    <Form ref={formRef} method="post" className="sign-in-form" noValidate>
      <FormHiddenFields form={SIGN_IN_FORM} />
      {to ? <input type="hidden" name="to" value={to} /> : null}
      {formError ? (
        <p className="form-notice" role="alert">
          {t(formError)}
        </p>
      ) : null}
      <Field id={`${ids}-email`} label={t("signIn.email")} error={emailError}>
        {(described) => (
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={LIMITS.email}
            defaultValue={sentValue(reply, "email") ?? ""}
            {...described}
          />
        )}
      </Field>
      <PasswordInput
        id={`${ids}-password`}
        name="password"
        label={t("signIn.password")}
        autoComplete="current-password"
        error={passwordError}
        required
      />
      <p className="sign-in-form__forgot">
        <a href={passwordResetUrl}>{t("signIn.forgot")}</a>
      </p>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("signIn.submit")}
      </button>
    </Form>
  );
}
