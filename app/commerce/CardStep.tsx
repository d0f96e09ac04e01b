import { Form, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { paymentMethodLabel, payButton } from "~/commerce/payment-methods";
import { useTranslation } from "~/i18n/react";
import { CardFields } from "./CardFields";
import { CARD_PAID_FORM, intentIdOf, type CardStepStart } from "./card-step";
import { FieldError, useLoadingOverlay } from "~/forms/fields";
import { fieldError, isFormReply } from "~/forms/reply";
import { JS_FIELD } from "~/forms/names";
import { useCardProvider, type Billing } from "./use-card-provider";

export interface CardStepProps {
  card: CardStepStart;
  publishableKey: string;
  /** What the buyer pays: formatted, and in cents (the wallet's payment sheet shows it). */
  total: string;
  totalCents: number;
  /** The checkout's own URL: the card step's posts and the hosted-page fallback go there. */
  action: string;
  /** The checkout fields the buyer sent, to post again (no JS marker) for the hosted page. */
  sent: [string, string][];
  /** Back to the checkout form (another payment method). */
  onBack(): void;
}

const NO_BILLING: Billing = { name: "", address: "", city: "", postal: "" };

/**
 * The card step (SPEC §4): Stripe.js loads now, not before (use-card-provider.ts). Card: the
 * card Element with the name on the card and the billing address (SPEC §3), the pay button in
 * payButton()'s states; Apple Pay / Pay Now: the device's payment sheet, offered only when the
 * device has the wallet. A card error is told in the buyer's language (SPEC §8) and the buyer can
 * try again; once paid, the site asks the service to confirm the order and goes to the outcome
 * page. When Stripe.js cannot load, the hosted payment page is offered instead.
 */
export default function CardStep({
  card,
  publishableKey,
  total,
  totalCents,
  action,
  sent,
  onBack,
}: CardStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const wallet = card.method !== "card";
  const methodName = t(paymentMethodLabel(card.method));
  const [billing, setBilling] = useState(NO_BILLING);
  const confirm = useFetcher({ key: CARD_PAID_FORM });
  const confirming = confirm.state !== "idle";

  // Once Stripe.js reports the payment: the service confirms the order, the answer is the
  // outcome page (a redirect), or why not.
  const provider = useCardProvider({
    card,
    publishableKey,
    label: methodName,
    totalCents,
    onPaid(intentId) {
      const body = new FormData();
      body.set("_form", CARD_PAID_FORM);
      body.set(JS_FIELD, "1");
      body.set("order", card.order);
      body.set("intent", intentId || intentIdOf(card.clientSecret));
      confirm.submit(body, { method: "post", action });
    },
  });
  const { stage, availability, error, paying } = provider;
  useLoadingOverlay(paying || confirming);

  const detailsComplete =
    provider.complete && billing.name.trim() !== "" && billing.address.trim() !== "";
  const button = payButton({
    paymentMethod: card.method,
    isValidEmail: true,
    cardComplete: wallet ? null : detailsComplete,
  });
  const walletUnavailable = availability && !availability.available ? availability.message : null;
  const canPay =
    stage === "ready" &&
    button.canPay &&
    !paying &&
    !confirming &&
    (!wallet || availability?.available === true);
  const confirmError = isFormReply(confirm.data) ? fieldError(confirm.data, "") : null;

  return (
    <section className="card-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {wallet ? t("cardStep.wallet", { method: methodName }) : t("cardStep.title")}
      </h2>
      {stage === "loading" ? (
        <p role="status" className="card-step__loading">
          {t("cardStep.loading")}
        </p>
      ) : null}
      {stage === "failed" ? (
        <div className="card-step__failed">
          <p role="alert">{t("cardStep.loadFailed")}</p>
          <Form method="post" action={action} reloadDocument className="card-step__hosted">
            {sent
              .filter(([field]) => field !== JS_FIELD)
              .map(([field, value], index) => (
                <input key={`${field}-${index}`} type="hidden" name={field} value={value} />
              ))}
            <button type="submit" className="btn btn--primary">
              {t("cardStep.hosted")}
            </button>
          </Form>
        </div>
      ) : null}
      {!wallet && stage !== "failed" ? (
        <CardFields
          id={id}
          mountRef={provider.mountRef}
          billing={billing}
          onChange={(field, value) => setBilling((old) => ({ ...old, [field]: value }))}
        />
      ) : null}
      {wallet && stage === "ready" ? (
        <p className="card-step__wallet" role="status">
          {availability === null
            ? t("cardStep.walletChecking", { method: methodName })
            : walletUnavailable
              ? null
              : t("cardStep.walletHint")}
        </p>
      ) : null}
      {walletUnavailable ? (
        <p className="field__error card-step__unavailable" role="alert">
          {t(walletUnavailable)}
        </p>
      ) : null}
      {error ? (
        <p className="field__error card-step__error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <FieldError id={`${id}-confirm-error`} error={confirmError} />
      {stage !== "failed" ? (
        <div className="checkout__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!canPay}
            onClick={() => {
              if (canPay) void provider.pay(billing);
            }}
          >
            {paying || confirming ? t("cardStep.paying") : t("cardStep.pay", { total })}
          </button>
          {button.hint && stage === "ready" ? (
            <p className="checkout__hint">{t(button.hint)}</p>
          ) : null}
        </div>
      ) : null}
      <p className="card-step__secure">{t("cardStep.secure")}</p>
      <button type="button" className="btn btn--secondary card-step__back" onClick={onBack}>
        {t("cardStep.back")}
      </button>
    </section>
  );
}
