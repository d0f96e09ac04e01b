import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useLocation } from "@remix-run/react";
import { useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { planName } from "./plan-label";
import { formatDay } from "~/commerce/price";
import { useTranslation } from "~/i18n/react";
import type { FormBlockProps } from "~/forms/content-form";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "~/forms/fields";
import { submitWithJs, usePageForm } from "~/forms/page-form";
import {
  REDEEM_FORM,
  redeemApplySchema,
  redeemCheckSchema,
  type RedeemPreview,
  type RedeemReply,
} from "./redeem";
import { fieldError, sentValue } from "~/forms/reply";

type PageForm = ReturnType<typeof usePageForm>;

/** Step 1: the code. */
function CheckStep({ state, reply }: { state: PageForm; reply: RedeemReply | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "redeem-check",
    lastResult: reply?.result,
    constraint: getZodConstraint(redeemCheckSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redeemCheckSchema }),
    onSubmit(event) {
      event.preventDefault();
      submitWithJs(state.fetcher, event.currentTarget, state.action);
    },
  });
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  const formError = fieldError(reply, "");
  return (
    <Form
      method="post"
      action={state.action}
      className="content-form__form"
      {...getFormProps(form)}
      noValidate
      data-enhanced={hydrated ? "" : undefined}
    >
      <FormHiddenFields form={REDEEM_FORM} />
      <input type="hidden" name="step" value="check" />
      <div className="field content-form__field">
        <label htmlFor={fields.code.id}>{t("redeem.form.code")}</label>
        <input
          key={key}
          {...codeProps}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          placeholder={t("redeem.form.codePlaceholder")}
        />
        <FieldError id={fields.code.errorId} error={fields.code.errors?.[0] ?? null} />
      </div>
      {formError ? (
        <p id={form.errorId} className="field__error content-form__error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      <div className="content-form__actions">
        <button type="submit" className="btn btn--primary" disabled={state.busy}>
          {t("redeem.form.check")}
        </button>
      </div>
    </Form>
  );
}

/** Step 2: what the code gives, and the account (e-mail) it goes to. */
function ApplyStep({
  state,
  reply,
  preview,
}: {
  state: PageForm;
  reply: RedeemReply | null;
  preview: RedeemPreview;
}) {
  const { t, iso } = useTranslation();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // The reply to this step (a refused e-mail) keeps its input; the check's starts it empty.
  const applyReply = reply?.result.initialValue?.step === "apply" ? reply : null;
  const [form, fields] = useForm({
    id: "redeem-apply",
    lastResult: applyReply?.result,
    defaultValue: { email: sentValue(applyReply, "email") ?? "" },
    constraint: getZodConstraint(redeemApplySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redeemApplySchema }),
    onSubmit(event) {
      event.preventDefault();
      submitWithJs(state.fetcher, event.currentTarget, state.action);
    },
  });
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const formError = fieldError(applyReply, "") ?? fieldError(applyReply, "code");
  return (
    <div className="redeem__confirm">
      <p role="status" className="redeem__preview">
        {t(preview.kind === "gift" ? "redeem.form.giftGives" : "redeem.form.codeGives", {
          code: preview.code,
          plan: planName(preview.plan, t),
        })}
        {preview.expiresAt
          ? ` ${t("redeem.form.validUntil", { date: formatDay(preview.expiresAt, iso) })}`
          : null}
      </p>
      <Form
        method="post"
        action={state.action}
        className="content-form__form"
        {...getFormProps(form)}
        noValidate
        data-enhanced={hydrated ? "" : undefined}
      >
        <FormHiddenFields form={REDEEM_FORM} />
        <input type="hidden" name="step" value="apply" />
        <input type="hidden" name="code" value={preview.code} />
        <div className="field content-form__field">
          <label htmlFor={fields.email.id}>{t("redeem.form.email")}</label>
          <input key={key} {...emailProps} autoComplete="email" inputMode="email" />
          <FieldError id={fields.email.errorId} error={fields.email.errors?.[0] ?? null} />
        </div>
        {formError ? (
          <p id={form.errorId} className="field__error content-form__error" role="alert">
            {t(formError)}
          </p>
        ) : null}
        <div className="content-form__actions">
          <button type="submit" className="btn btn--primary" disabled={state.busy}>
            {t("redeem.form.redeem")}
          </button>{" "}
          <a href={`${pathname}#${REDEEM_FORM}`} className="btn btn--secondary">
            {t("redeem.form.otherCode")}
          </a>
        </div>
      </Form>
    </div>
  );
}

/**
 * The redeem block: a gift or redeem code, first checked (what it gives is shown before anything
 * is applied), then redeemed for an e-mail's account. Each step is a plain post to the page, so
 * it works without JS; with JS it posts through the form's fetcher and shows the same answers.
 */
export function RedeemForm({ title, text, first }: FormBlockProps) {
  const { t, iso } = useTranslation();
  const titleId = useId();
  const { pathname } = useLocation();
  const state = usePageForm(REDEEM_FORM);
  useLoadingOverlay(state.busy);
  const reply = state.reply as RedeemReply | null;
  const Heading = first ? "h1" : "h2";
  // The code being confirmed: the check's answer, or the apply post's (a refused e-mail).
  const preview = reply?.preview ?? null;
  return (
    <section
      id={REDEEM_FORM}
      className="content-form content-form--redeem"
      aria-labelledby={titleId}
    >
      <header className="content-form__intro">
        <Heading id={titleId}>{title || t("redeem.form.title")}</Heading>
        {text ? (
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: text }} />
        ) : (
          <p className="lead">{t("redeem.form.intro")}</p>
        )}
      </header>
      {reply?.redeemed ? (
        <div className="redeem__done">
          <p role="status" className="lead">
            {t("redeem.form.done", {
              plan: planName(reply.redeemed.plan, t),
              email: reply.redeemed.email,
            })}
            {reply.redeemed.endsAt
              ? ` ${t("redeem.form.doneUntil", { date: formatDay(reply.redeemed.endsAt, iso) })}`
              : null}
          </p>
          <a href={`${pathname}#${REDEEM_FORM}`} className="btn btn--secondary">
            {t("redeem.form.otherCode")}
          </a>
        </div>
      ) : preview ? (
        <ApplyStep key={preview.code} state={state} reply={reply} preview={preview} />
      ) : (
        <CheckStep state={state} reply={reply} />
      )}
    </section>
  );
}
