import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormHiddenFields, useLoadingOverlay } from "~/forms/fields";
import { fieldError, type FormReply } from "~/forms/reply";
import { FAST_LOGIN_FORM, type LinkForm } from "./names";
import { timezoneOffset } from "./timezone";

/**
 * The confirmation of a sign-in link (an e-mailed fast-login code, a web vault session): one
 * button posting the code. Nothing is said about the code or its account before it is used. With JS the post carries the visitor's UTC offset (SPEC §3); without,
 * the provider gets UTC's.
 */
export function LinkSignInForm({
  link,
  to,
  reply,
}: {
  link: { kind: LinkForm; code: string };
  to: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  useLoadingOverlay(busy);
  const error = fieldError(reply, "");
  return (
    <Form
      method="post"
      className="sign-in-form"
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem("timezone");
        if (field instanceof HTMLInputElement) {
          field.value = timezoneOffset(new Date().getTimezoneOffset());
        }
      }}
    >
      <FormHiddenFields form={link.kind} />
      <input type="hidden" name="code" value={link.code} />
      <input type="hidden" name="timezone" value="+00:00" />
      {to ? <input type="hidden" name="to" value={to} /> : null}
      {error ? (
        <p className="form-notice" role="alert">
          {t(error)}
        </p>
      ) : null}
      <p>{t(link.kind === FAST_LOGIN_FORM ? "signIn.link.fast" : "signIn.link.auto")}</p>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("signIn.link.continue")}
      </button>
      <p>
        <Link to={to ? `${pathname}?to=${encodeURIComponent(to)}` : pathname}>
          {t("signIn.link.password")}
        </Link>
      </p>
    </Form>
  );
}
