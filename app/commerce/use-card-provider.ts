import type { PaymentRequest, Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type RefObject } from "react";
import { cardErrorMessage } from "~/commerce/card-errors";
import { methodAvailability, type Availability } from "~/commerce/payment-methods";
import { deviceWallets, loadCardProvider } from "./card-provider";
import type { CardStepStart } from "./card-step";

export type CardStage = "loading" | "ready" | "failed";

/** What the buyer typed beside the card Element (SPEC §3), trimmed before it is sent. */
export interface Billing {
  name: string;
  address: string;
  city: string;
  postal: string;
}

export interface CardProviderOptions {
  card: CardStepStart;
  publishableKey: string;
  /** The payment sheet's line (the wallet's name) and amount in cents. */
  label: string;
  totalCents: number;
  /** Called with the payment intent's id once Stripe.js reports the payment. */
  onPaid(intentId: string): void;
}

export interface CardProvider {
  stage: CardStage;
  /** The card Element reports a complete card number, expiry and CVC. */
  complete: boolean;
  /** The device's wallet for this method; null until `canMakePayment()` answers. */
  availability: Availability | null;
  /** A payment's error (a message key), until the card changes or the buyer tries again. */
  error: string | null;
  paying: boolean;
  /** Where the card Element is mounted. */
  mountRef: RefObject<HTMLDivElement>;
  /** Pays by card with these billing details, or opens the wallet's payment sheet. */
  pay(billing: Billing): Promise<void>;
}

function billingDetails(billing: Billing) {
  const city = billing.city.trim();
  const postal = billing.postal.trim();
  return {
    name: billing.name.trim(),
    address: {
      line1: billing.address.trim(),
      ...(city ? { city } : {}),
      ...(postal ? { postal_code: postal } : {}),
    },
  };
}

/**
 * Stripe.js for the card step, loaded when the step opens and not before (SPEC §4). Card: a card
 * Element mounted at `mountRef` and `confirmCardPayment`. Apple Pay / Pay Now: the device's
 * Payment Request, offered only when `canMakePayment()` says so; a payment that needs a further
 * action (3-D Secure) is confirmed again by Stripe.js. Errors are message keys in the buyer's
 * language (card-errors.ts); a script that cannot load makes the stage "failed".
 */
export function useCardProvider(options: CardProviderOptions): CardProvider {
  const { card, publishableKey, label, totalCents } = options;
  const wallet = card.method !== "card";
  const [stage, setStage] = useState<CardStage>("loading");
  const [complete, setComplete] = useState(false);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const stripeRef = useRef<Stripe | null>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const requestRef = useRef<PaymentRequest | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const onPaidRef = useRef(options.onPaid);
  onPaidRef.current = options.onPaid;

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
          total: { label, amount: totalCents },
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
          onPaidRef.current(intent.id);
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

  async function pay(billing: Billing) {
    const stripe = stripeRef.current;
    if (!stripe) return;
    setError(null);
    setPaying(true);
    if (wallet) {
      requestRef.current?.show();
      return;
    }
    const element = elementRef.current;
    if (!element) return;
    const result = await stripe.confirmCardPayment(card.clientSecret, {
      payment_method: { card: element, billing_details: billingDetails(billing) },
    });
    if (result.error) {
      setError(cardErrorMessage(result.error));
      setPaying(false);
      return;
    }
    onPaidRef.current(result.paymentIntent.id);
    setPaying(false);
  }

  return { stage, complete, availability, error, paying, mountRef, pay };
}
