import { Form } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/layout/Modal";
import { useUi } from "~/layout/ui";
import { useSiteData } from "~/root-data";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "./fields";
import { submitWithJs, usePageForm } from "./page-form";
import { fieldError, sentValue } from "./reply";
import { M } from "./names";

// The captcha (and its provider's script) loads only when a visitor sends the form.
const CaptchaModal = lazy(() => import("./CaptchaModal"));

const FORM = "newsletter";

/**
 * The footer's newsletter form (SPEC §2, §4, §5). Without JS it posts to the page and the result
 * or the errors come back as the page (honeypot and rate limit stand in for the captcha). With
 * JS: 'Email required.' at once, the address checked when it changes, then the captcha modal,
 * then the result modal; nothing navigates.
 */
export function Newsletter({
  inModal = false,
  onSubscribed,
}: {
  /** Inside the order flow's offer (NewsletterOffer): no heading, the offer shows the result. */
  inModal?: boolean;
  onSubscribed?: () => void;
} = {}) {
  const { t } = useTranslation();
  const { captcha, flash } = useSiteData();
  const ui = useUi();
  const hydrated = useHydrated();
  const { fetcher, reply, busy, action } = usePageForm(FORM);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // The result shows until closed: after a post without JS (flash) or the last JS answer.
  const [closedResult, setClosedResult] = useState<unknown>(null);
  const ids = useId();
  const subscribed = useRef(onSubscribed);
  useEffect(() => {
    subscribed.current = onSubscribed;
  }, [onSubscribed]);
  useLoadingOverlay(busy);

  // A JS post's answer, handled once: the result modal, or the error modal for what is not
  // about the field. The fetcher keeps its last answer while the next post is made, and this
  // effect runs again whenever the UI context changes (a modal closing): without the mark an old
  // failure would open its modal again on the next attempt.
  const answer = fetcher.data?.form === FORM ? fetcher.data : undefined;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.outcome) {
      formRef.current?.reset();
      subscribed.current?.();
    } else {
      const formError = fieldError(answer, "");
      if (formError) ui.showError(t(formError));
    }
  }, [answer, ui, t]);
  const result = answer?.outcome ? answer : flash?.form === FORM ? flash : null;
  const resultOpen = !inModal && result !== null && closedResult !== result;

  const emailError =
    clientError ?? fieldError(reply, "email") ?? fieldError(reply, "captcha") ?? null;
  // Without JS the form's own errors (rate limit, upstream failure) show in the form.
  const formError = hydrated ? null : fieldError(reply, "");

  const check = (input: HTMLInputElement) => {
    if (!input.value.trim()) return M.emailRequired;
    return input.validity.typeMismatch ? M.emailFieldInvalid : null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("email") as HTMLInputElement;
    const error = check(input);
    setClientError(error);
    if (error) {
      input.focus();
      return;
    }
    if (captcha) setCaptchaOpen(true);
    else submitWithJs(fetcher, event.currentTarget, action);
  };

  const onVerified = (token: string) => {
    setCaptchaOpen(false);
    if (formRef.current) submitWithJs(fetcher, formRef.current, action, { captcha: token });
  };

  const errorId = `${ids}-error`;
  return (
    <section
      id={inModal ? undefined : FORM}
      className="newsletter"
      aria-labelledby={inModal ? undefined : `${ids}-title`}
    >
      {inModal ? null : (
        <>
          <h2 id={`${ids}-title`} className="site-footer__heading">
            {t("footer.newsletterTitle")}
          </h2>
          <p className="newsletter__text">{t("footer.newsletterText")}</p>
        </>
      )}
      <Form
        ref={formRef}
        method="post"
        action={action}
        className="newsletter__form"
        noValidate
        onSubmit={hydrated ? onSubmit : undefined}
      >
        <FormHiddenFields form={FORM} />
        <div className="field newsletter__field">
          <label htmlFor={`${ids}-email`} className="sr-only">
            {t("forms.email")}
          </label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            placeholder={t("forms.emailPlaceholder")}
            defaultValue={sentValue(reply, "email")}
            key={reply ? `sent-${sentValue(reply, "email") ?? ""}` : "empty"}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            onChange={(event) => {
              if (clientError) setClientError(check(event.currentTarget));
            }}
            onBlur={(event) => {
              if (event.currentTarget.value) setClientError(check(event.currentTarget));
            }}
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("forms.subscribe")}
          </button>
        </div>
        <FieldError id={errorId} error={emailError} />
        {formError ? (
          <p className="field__error" role="alert">
            {t(formError)}
          </p>
        ) : null}
      </Form>
      {captchaOpen && captcha ? (
        <Suspense fallback={null}>
          <CaptchaModal
            captcha={captcha}
            onVerified={onVerified}
            onClose={() => setCaptchaOpen(false)}
            onFailedToLoad={() => {
              setCaptchaOpen(false);
              ui.showError(t("errors.undefinedError"));
            }}
          />
        </Suspense>
      ) : null}
      <Modal
        open={resultOpen}
        onClose={() => setClosedResult(result)}
        title={t("newsletter.successTitle")}
        className="modal--success"
      >
        <p role="status">{t("newsletter.successText")}</p>
      </Modal>
    </section>
  );
}
