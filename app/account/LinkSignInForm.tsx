import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormHiddenFields, useLoadingOverlay } from "~/forms/fields";
import { fieldError, type FormReply } from "~/forms/reply";
import { FAST_LOGIN_FORM, type LinkForm, type SignInLink } from "./names";
import { timezoneOffset } from "./timezone";

/**
 * The confirmation of a sign-in link (an e-mailed fast-login code, a web vault session). A
 * fast-login code's page names the account the code signs in to above its one button, and tells
 * a visitor for whom it is not their account not to go on: the link's sender chose the account.
 * A web vault session's account is named on the account page it leads to. A link that cannot be
 * used (unknown or expired, too many guesses, the service failing) says why and offers only the
 * password sign-in. With JS the post carries the visitor's UTC offset (SPEC §3); without, the
 * provider gets UTC's.
 */
export function LinkSignInForm({
  link,
  to,
  reply,
}: {
  link: SignInLink;
  to: string;
  reply: FormReply | null;
}) {
  return "refusal" in link ? (
    <RefusedLink refusal={link.refusal} to={to} />
  ) : (
    <ConfirmLink link={link} to={to} reply={reply} />
  );
}

/** The link to this page's password form, keeping the return path. */
function PasswordLink({ to }: { to: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Link to={to ? `${pathname}?to=${encodeURIComponent(to)}` : pathname}>
      {t("signIn.link.password")}
    </Link>
  );
}

function RefusedLink({ refusal, to }: { refusal: string; to: string }) {
  const { t } = useTranslation();
  return (
    <div className="sign-in-form">
      <p className="form-notice" role="alert">
        {t(refusal)}
      </p>
      <p>
        <PasswordLink to={to} />
      </p>
    </div>
  );
}

function ConfirmLink({
  link,
  to,
  reply,
}: {
  link: { kind: LinkForm; code: string; email: string | null };
  to: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  useLoadingOverlay(busy);
  const error = fieldError(reply, "");
  const fast = link.kind === FAST_LOGIN_FORM;
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
      <p>{t(fast ? "signIn.link.fast" : "signIn.link.auto")}</p>
      {link.email ? (
        <p className="sign-in-form__account" data-testid="link-account">
          <strong>{t("signIn.link.signingInAs", { email: link.email })}</strong>
        </p>
      ) : (
        <p>{t("signIn.link.autoNext")}</p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("signIn.link.continue")}
      </button>
      <p>
        {link.email ? <>{t("signIn.link.notYours")} </> : null}
        <PasswordLink to={to} />
      </p>
    </Form>
  );
}
