import type { PaymentRequest, Stripe, StripeCardElement } from "@stripe/stripe-js";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { cardErrorMessage } from "~/commerce/card-errors";
import {
  methodAvailability,
  paymentMethodLabel,
  payButton,
  type Availability,
} from "~/commerce/payment-methods";
import { useTranslation } from "~/i18n/react";
import { deviceWallets, loadCardProvider } from "./card-provider";
import { CARD_PAID_FORM, intentIdOf, type CardStepStart } from "./card-step";
import { FieldError, useLoadingOverlay } from "./fields";
import { fieldError, isFormReply } from "./reply";
import { JS_FIELD } from "./names";

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

type Stage = "loading" | "ready" | "failed";

/**
 * The card step (SPEC §4): Stripe.js loads now, not before. Card: a card Element with the name
 * on the card and the billing address (SPEC §3), the pay button in payButton()'s states, and
 * `confirmCardPayment`; Apple Pay / Pay Now: the device's Payment Request, offered only when
 * `canMakePayment()` says so. A card error is told in the buyer's language (SPEC §8) and the
 * buyer can try again; once paid, the site asks the service to confirm the order and goes to the
 * outcome page. When Stripe.js cannot load, the hosted payment page is offered instead.
 */
/** One of the step's own text fields (name, billing address): controlled, labelled. */
function TextInput(props: {
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

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
  const [stage, setStage] = useState<Stage>("loading");
  const [complete, setComplete] = useState(false);
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [city, setCity] = useState("");
  const [postal, setPostal] = useState("");
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const stripeRef = useRef<Stripe | null>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const requestRef = useRef<PaymentRequest | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const confirm = useFetcher({ key: CARD_PAID_FORM });
  const confirming = confirm.state !== "idle";
  useLoadingOverlay(paying || confirming);

  // Once Stripe.js reports the payment: the service confirms the order, the answer is the
  // outcome page (a redirect), or why not.
  const paid = (intentId: string) => {
    const body = new FormData();
    body.set("_form", CARD_PAID_FORM);
    body.set(JS_FIELD, "1");
    body.set("order", card.order);
    body.set("intent", intentId || intentIdOf(card.clientSecret));
    confirm.submit(body, { method: "post", action });
  };
  const paidRef = useRef(paid);
  paidRef.current = paid;

  useEffect(() => {
    let cancelled = false;
    loadCardProvider(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe) return setStage("failed");
        stripeRef.current = stripe;
        if (!wallet) {
          const element = stripe.elements().create("card");
          // While typing, the Element's own checks only keep the button disabled (its messages
          // are the provider's English); a payment's error stays until the card changes.
          element.on("change", (event) => {
            setComplete(event.complete);
            setError(null);
          });
          if (mountRef.current) element.mount(mountRef.current);
          elementRef.current = element;
          setStage("ready");
          return;
        }
        const request = stripe.paymentRequest({
          country: "US",
          currency: "usd",
          total: { label: methodName, amount: totalCents },
          requestPayerName: true,
          requestPayerEmail: false,
        });
        request.on("paymentmethod", async (event) => {
          const result = await stripe.confirmCardPayment(
            card.clientSecret,
            { payment_method: event.paymentMethod.id },
            { handleActions: false },
          );
          if (result.error) {
            event.complete("fail");
            setError(cardErrorMessage(result.error));
            setPaying(false);
            return;
          }
          event.complete("success");
          let intent = result.paymentIntent;
          if (intent.status === "requires_action") {
            const next = await stripe.confirmCardPayment(card.clientSecret);
            if (next.error) {
              setError(cardErrorMessage(next.error));
              setPaying(false);
              return;
            }
            intent = next.paymentIntent;
          }
          paidRef.current(intent.id);
        });
        request.on("cancel", () => setPaying(false));
        requestRef.current = request;
        void deviceWallets(request).then((device) => {
          if (!cancelled) setAvailability(methodAvailability(card.method, device));
        });
        setStage("ready");
      })
      .catch(() => {
        if (!cancelled) setStage("failed");
      });
    return () => {
      cancelled = true;
      elementRef.current?.destroy();
      elementRef.current = null;
    };
    // The step is opened for one order: its inputs do not change while it is open.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const detailsComplete = complete && name.trim() !== "" && address.trim() !== "";
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

  async function pay() {
    const stripe = stripeRef.current;
    if (!stripe || !canPay) return;
    setError(null);
    setPaying(true);
    if (wallet) {
      requestRef.current?.show();
      return;
    }
    const element = elementRef.current;
    if (!element) return;
    const result = await stripe.confirmCardPayment(card.clientSecret, {
      payment_method: {
        card: element,
        billing_details: {
          name: name.trim(),
          address: {
            line1: address.trim(),
            ...(city.trim() ? { city: city.trim() } : {}),
            ...(postal.trim() ? { postal_code: postal.trim() } : {}),
          },
        },
      },
    });
    if (result.error) {
      setError(cardErrorMessage(result.error));
      setPaying(false);
      return;
    }
    paid(result.paymentIntent.id);
    setPaying(false);
  }

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
        <div className="card-step__fields">
          <TextInput
            id={`${id}-name`}
            label={t("cardStep.name")}
            name="cardName"
            autoComplete="cc-name"
            maxLength={100}
            value={name}
            onChange={setName}
          />
          <div className="field">
            <span id={`${id}-card`} className="field__label">
              {t("cardStep.card")}
            </span>
            <div
              id="card-element"
              ref={mountRef}
              className="card-step__element"
              role="group"
              aria-labelledby={`${id}-card`}
            />
          </div>
          <fieldset className="card-step__address">
            <legend>{t("cardStep.address")}</legend>
            <TextInput
              id={`${id}-line1`}
              label={t("cardStep.address")}
              name="billingAddress"
              autoComplete="billing street-address"
              maxLength={200}
              value={address}
              onChange={setAddress}
            />
            <TextInput
              id={`${id}-city`}
              label={t("cardStep.city")}
              name="billingCity"
              autoComplete="billing address-level2"
              maxLength={100}
              value={city}
              onChange={setCity}
            />
            <TextInput
              id={`${id}-postal`}
              label={t("cardStep.postal")}
              name="billingPostalCode"
              autoComplete="billing postal-code"
              maxLength={20}
              value={postal}
              onChange={setPostal}
            />
          </fieldset>
        </div>
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
            onClick={() => void pay()}
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
