import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { PaymentMethod } from "~/upstream/sales.schemas";
import { FieldError, FormHiddenFields } from "./fields";
import { usePageAction } from "./page-form";
import { fieldError, isFormReply } from "./reply";
import { checkoutSchema } from "./schemas";

const FORM_ID = "checkout";

/**
 * The methods a buyer can pick on the page: each ends on the provider's hosted page. Apple Pay
 * and the browser's Payment Request need the device's wallet, which only the JS card step can
 * ask for, so they are not offered here.
 */
export const CHECKOUT_METHODS = [
  "card",
  "paypal",
  "amazon",
  "paymentwall",
  "bitpay",
  "coinpayments",
] as const satisfies readonly PaymentMethod[];

interface Props {
  planId: number;
  planName: string;
  /** The plan's total, formatted. */
  total: string;
}

/**
 * The checkout form: e-mail, marketing consent (on by default, SPEC §3), payment method (card
 * preselected) and the pay button. It posts as a document (no JS needed; with JS it is checked
 * first and its button is disabled once sent), and after a refused post shows the server's
 * errors beside the fields with the buyer's input.
 */
export function CheckoutForm({ planId, planName, total }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const actionData: unknown = useActionData();
  const reply = isFormReply(actionData) && actionData.form === FORM_ID ? actionData : null;
  // No `#checkout` anchor: a browser would carry it over the redirect to the payment page.
  const action = usePageAction(FORM_ID).split("#")[0];
  const [sending, setSending] = useState(false);
  const [form, fields] = useForm({
    id: "checkout-form",
    lastResult: reply?.result,
    defaultValue: { method: "card", marketing: "on" },
    constraint: getZodConstraint(checkoutSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    onSubmit: () => setSending(true),
  });

  // Back from the payment page (the page restored from the back/forward cache): pay again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setSending(false);
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const formError = fieldError(reply, "");
  const emailError = fields.email.errors?.[0] ?? null;
  const methodError = fields.method.errors?.[0] ?? null;
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: marketingKey, ...marketingProps } = getInputProps(fields.marketing, {
    type: "checkbox",
  });
  const emailMissing = !fields.email.value;
  return (
    <section id={FORM_ID} className="checkout container-narrow" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t("checkout.title")}</h1>
      <dl className="checkout__summary">
        <div>
          <dt>{t("checkout.plan")}</dt>
          <dd>{planName}</dd>
        </div>
        <div>
          <dt>{t("checkout.total")}</dt>
          <dd className="checkout__total">{total}</dd>
        </div>
      </dl>
      <Form
        method="post"
        action={action}
        reloadDocument
        className="checkout__form"
        {...getFormProps(form)}
        // The server checks every post and answers in the page's language: no browser bubbles.
        noValidate
        data-enhanced={hydrated ? "" : undefined}
      >
        <FormHiddenFields form={FORM_ID} />
        <input type="hidden" name="plan" value={planId} />
        {formError ? (
          <p id={form.errorId} className="field__error checkout__error" role="alert">
            {t(formError)}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={fields.email.id}>{t("checkout.email")}</label>
          <input
            key={emailKey}
            {...emailProps}
            autoComplete="email"
            inputMode="email"
            placeholder={t("checkout.emailPlaceholder")}
          />
          <FieldError id={fields.email.errorId} error={emailError} />
        </div>
        <div className="checkout__consent">
          <input key={marketingKey} {...marketingProps} />
          <label htmlFor={fields.marketing.id}>{t("checkout.marketing")}</label>
        </div>
        <fieldset
          className="checkout__methods"
          aria-describedby={methodError ? fields.method.errorId : undefined}
        >
          <legend>{t("checkout.method")}</legend>
          {CHECKOUT_METHODS.map((method) => {
            const { key, ...props } = getInputProps(fields.method, {
              type: "radio",
              value: method,
            });
            const id = `${fields.method.id}-${method}`;
            return (
              <div key={method} className="checkout__method">
                <input key={key} {...props} id={id} />
                <label htmlFor={id}>{t(`checkout.methods.${method}`)}</label>
              </div>
            );
          })}
          <FieldError id={fields.method.errorId} error={methodError} />
        </fieldset>
        <div className="checkout__actions">
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {t("checkout.pay", { total })}
          </button>
          {emailMissing ? <p className="checkout__hint">{t("checkout.enterEmail")}</p> : null}
        </div>
        <p className="checkout__guarantee">{t("checkout.moneyBack")}</p>
      </Form>
    </section>
  );
}

/** An unknown or missing plan: said plainly, with the way back to the plans. */
export function PlanUnavailable() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <section className="checkout container-narrow">
      <h1>{t("checkout.unavailableTitle")}</h1>
      <p className="lead">{t("checkout.unavailableText")}</p>
      <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
        {t("checkout.backToPricing")}
      </Link>
    </section>
  );
}
