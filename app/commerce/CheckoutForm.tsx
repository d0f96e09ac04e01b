import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { isPaymentMethodId, PAGE_METHODS } from "~/commerce/payment-methods";
import { Icon } from "~/blocks/Icon";
import { formatMoney } from "~/commerce/price";
import type { PurchaseSummary } from "~/commerce/purchase-summary";
import { BONUS_FORM, bonusMessageFor, type AppliedBonus, type CheckoutReply } from "./bonus";
import { useCardCheckout } from "./card-checkout";
import { CheckoutReplyContext } from "./checkout-reply";
import { BonusBox } from "./BonusBox";
import { DealNotes, OrderTotals, type TaxStatement } from "./CheckoutDeal";
import { NO_SWITCH, SWITCH_FIELD, type CheckoutDraft, type SwitchChoices } from "./plan-switch";
import { PlanSwitch } from "./PlanSwitch";
import { rememberOrderConsent } from "~/forms/NewsletterOffer";
import { PolicyConsent } from "~/layout/PolicyLinks";
import { PaymentMethodTiles } from "./PaymentMethodTiles";
import { FieldError, FormHiddenFields } from "~/forms/fields";
import { usePageAction } from "~/forms/page-form";
import { fieldError, isFormReply, sentValue } from "~/forms/reply";
import { checkoutSchema } from "./checkout-schema";
import { TRIAL_FIELD, trialSchema } from "./trial";

const FORM_ID = "checkout";

/** What a switch to another period or plan posts that matters (the rest is carried as typed). */
const switchSchema = z.object({ [SWITCH_FIELD]: z.string() });

interface Props {
  planId: number;
  /** What is bought: product, plan, period, billing and any free trial. */
  summary: PurchaseSummary;
  /** A trial's first charge, YYYY-MM-DD. */
  firstCharge?: string | null;
  /** The day of the purchase, YYYY-MM-DD (UTC): the renewal's date counts from it. */
  today: string;
  /** What the summary says of taxes. */
  tax: TaxStatement;
  /** The other periods and plans the buyer may switch to; none: no switch. */
  choices?: SwitchChoices;
  /** What the buyer typed before switching here from another period or plan. */
  draft?: CheckoutDraft | null;
  /** The plan's total, formatted. */
  total: string;
  /** The plan's cost in cents (what a wallet's payment sheet shows). */
  costCents?: number;
  /** The card provider's publishable key: with JS, cards and wallets are paid on the card step. */
  cardKey?: string | null;
  /** The bonus code of the page's URL (`?code=`), as the loader checked it. */
  urlBonus?: { bonus: AppliedBonus | null; error: string | null; code: string };
  /** Posted with the form, above the e-mail: an add-on's place, an upgrade notice. */
  addons?: ReactNode;
  /** A trial plan: no method and no bonus code, the button starts the free trial (trial.ts). */
  trial?: boolean;
  /** Above the form: the way to sign in, or that the visitor is signed in. */
  account?: ReactNode;
  /** A signed-in buyer: a code's refusals may speak of their account (else of this order). */
  signedIn?: boolean;
}

const NO_URL_BONUS = { bonus: null, error: null, code: "" };

/**
 * The checkout: the order summary (what is bought, its total) with a folded "Have a bonus code?"
 * under it, then the form — e-mail, marketing consent (unticked until the buyer ticks it:
 * decision 030), the payment
 * methods as tiles with their marks (card preselected), the pay button and what makes paying
 * safe. It posts as a document (no JS needed; with JS it is checked first and its button is
 * disabled once sent). Nothing is called wrong before the buyer tries: errors show after a
 * refused post (beside the fields, with the buyer's input) or, with JS, after a field is left
 * with an invalid value or a submit.
 */
export function CheckoutForm({
  planId,
  summary,
  firstCharge = null,
  today,
  tax,
  choices = NO_SWITCH,
  draft = null,
  total: planTotal,
  costCents = 0,
  cardKey = null,
  urlBonus = NO_URL_BONUS,
  addons,
  trial = false,
  account = null,
  signedIn = false,
}: Props) {
  const { t, iso } = useTranslation();
  const hydrated = useHydrated();
  const pageData: unknown = useActionData();
  // No `#checkout` anchor: a browser would carry it over the redirect to the payment page.
  const action = usePageAction(FORM_ID).split("#")[0] ?? "";
  const pageBonus = isFormReply(pageData) ? (pageData as CheckoutReply).bonus : undefined;
  const cardBonus = pageBonus === undefined ? urlBonus.bonus : pageBonus;
  const card = useCardCheckout({
    publishableKey: cardKey,
    action,
    total: cardBonus ? formatMoney(cardBonus.total, iso) : planTotal,
    totalCents: cardBonus ? cardBonus.total : costCents,
  });
  const actionData: unknown = card.reply ?? pageData;
  const posted = isFormReply(actionData) ? (actionData as CheckoutReply) : null;
  const reply = posted?.form === FORM_ID ? posted : null;
  const bonusReply = posted?.form === BONUS_FORM ? posted : null;
  // A post's answer says which code holds now; else the page's `?code=`.
  const bonus = posted ? (posted.bonus ?? null) : urlBonus.bonus;
  const refusal = bonusReply ? fieldError(bonusReply, "code") : posted ? null : urlBonus.error;
  const bonusError = refusal ? bonusMessageFor(refusal, signedIn) : null;
  const typedCode = bonusReply ? (sentValue(bonusReply, "code") ?? "") : urlBonus.code;
  const total = bonus ? formatMoney(bonus.total, iso) : planTotal;
  const [sending, setSending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [form, fields] = useForm({
    id: "checkout-form",
    lastResult: reply?.result,
    defaultValue: {
      method: draft?.method ?? "card",
      ...(draft?.email ? { email: draft.email } : {}),
      ...(draft?.marketing ? { marketing: "on" } : {}),
    },
    constraint: getZodConstraint(trial ? trialSchema : checkoutSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A trial posts the checkout's fields less the method (and code): its fields are a subset.
    // A switch to another period or plan asks nothing of them: the buyer is not paying yet.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.has(SWITCH_FIELD)
          ? (switchSchema as unknown as typeof checkoutSchema)
          : trial
            ? (trialSchema as unknown as typeof checkoutSchema)
            : checkoutSchema,
      }),
    onSubmit: (event, { formData }) => {
      if (formData.has(SWITCH_FIELD)) return setSending(true);
      rememberOrderConsent(formData.get("marketing") === "on");
      if (trial || !card.intercept(event, formData)) setSending(true);
    },
  });

  // Back from the payment page (the page restored from the back/forward cache): pay again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setSending(false);
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const codeError = fieldError(reply, "code");
  const formError =
    fieldError(reply, "") ?? (codeError ? bonusMessageFor(codeError, signedIn) : null);
  // SPEC §5: the e-mail is checked only when it is not empty; an empty one gets the pay
  // button's hint instead, and its message only once the buyer tries to pay.
  const emailError =
    fields.email.value || submitted || reply ? (fields.email.errors?.[0] ?? null) : null;
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  if (!emailError) {
    delete emailProps["aria-invalid"];
    delete emailProps["aria-describedby"];
  }
  const { key: marketingKey, ...marketingProps } = getInputProps(fields.marketing, {
    type: "checkbox",
  });
  // The button's hint (SPEC §5) once the buyer tried to pay without an e-mail, never before.
  const emailHint = !fields.email.value && (submitted || reply !== null);
  // The renewal follows the method chosen once the page runs; before, it names every case.
  const chosen = hydrated && isPaymentMethodId(fields.method.value) ? fields.method.value : null;
  return (
    <section
      id={FORM_ID}
      className="checkout checkout--form container-narrow"
      aria-labelledby="checkout-title"
    >
      <h1 id="checkout-title">{t("checkout.title")}</h1>
      <div className="checkout__layout">
        <div className="checkout__order">
          <h2 className="checkout__heading">{t("checkout.summaryTitle")}</h2>
          <OrderTotals
            summary={summary}
            firstCharge={firstCharge}
            bonus={bonus}
            trial={trial}
            total={total}
            today={today}
            method={chosen}
            tax={tax}
          />
          {trial ? null : <DealNotes summary={summary} today={today} method={chosen} />}
          {card.open ? null : <PlanSwitch choices={choices} current={planId} formId={form.id} />}
          {trial || card.open ? null : (
            <BonusBox planId={planId} bonus={bonus} error={bonusError} typed={typedCode} />
          )}
        </div>
        <div className="checkout__main">
          {card.open ? null : account}
          {trial ? <p className="checkout__trial">{t("redeem.trial.note", { total })}</p> : null}
          <Form
            method="post"
            action={action}
            reloadDocument
            className="checkout__form"
            {...getFormProps(form)}
            // Conform stops an invalid submit before its onSubmit: the capture sees every attempt.
            // Its own validation runs as a submit too, with a submitter named `__intent__`.
            onSubmitCapture={(event) => {
              const submitter = (event.nativeEvent as SubmitEvent).submitter;
              if (submitter?.getAttribute("name") !== "__intent__") setSubmitted(true);
            }}
            // The server checks every post and answers in the page's language: no browser bubbles.
            noValidate
            data-enhanced={hydrated ? "" : undefined}
            hidden={card.open}
          >
            <FormHiddenFields form={FORM_ID} />
            <input type="hidden" name="plan" value={planId} />
            {bonus ? <input type="hidden" name="code" value={bonus.code} /> : null}
            {bonus?.seal ? <input type="hidden" name="seal" value={bonus.seal} /> : null}
            {trial ? <input type="hidden" name={TRIAL_FIELD} value="1" /> : null}
            {formError ? (
              <p id={form.errorId} className="field__error checkout__error" role="alert">
                {t(formError)}
              </p>
            ) : null}
            <CheckoutReplyContext.Provider value={reply}>{addons}</CheckoutReplyContext.Provider>
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
            <PaymentMethodTiles
              methods={[...PAGE_METHODS, ...card.walletMethods]}
              field={fields.method}
              hidden={trial}
            />
            <div className="checkout__actions">
              <button
                type="submit"
                className="btn btn--primary checkout__submit"
                disabled={sending || card.busy}
              >
                {trial ? (
                  t("redeem.trial.start")
                ) : (
                  <>
                    <Icon name="lock" size={18} />
                    {t("checkout.pay", { total })}
                  </>
                )}
              </button>
              {emailHint ? <p className="checkout__hint">{t("checkout.enterEmail")}</p> : null}
            </div>
            <p className="checkout__terms">
              <PolicyConsent action={trial ? "trial" : "pay"} />
            </p>
            <ul className="checkout__assurances">
              <li className="checkout__secure">
                <Icon name="lock" size={18} />
                <span>{t(trial ? "checkout.secureTrial" : "checkout.secure")}</span>
              </li>
              {trial ? null : (
                <li className="checkout__guarantee">
                  <Icon name="shield" size={18} />
                  <span>{t("checkout.moneyBack")}</span>
                </li>
              )}
            </ul>
          </Form>
          {card.step}
        </div>
      </div>
    </section>
  );
}
