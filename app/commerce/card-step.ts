import { isStripeMethod, type StripeMethod } from "~/commerce/payment-methods";
import type { CheckoutReply } from "./bonus";

/**
 * The card step (SPEC §4: pricing → auth/email → payments → card → success/failed): with JS and a
 * card provider key, a checkout post for a method Stripe.js charges (card, Apple Pay, Pay Now)
 * answers the order to pay instead of sending the buyer to the hosted payment page.
 */

/** The `_form` the card step posts once Stripe.js reports the payment (`order`, `intent`). */
export const CARD_PAID_FORM = "card-paid";

/** What opens the card step: the pending order and its PaymentIntent's client secret. */
export interface CardStepStart {
  order: string;
  clientSecret: string;
  method: StripeMethod;
}

/** The checkout's answer to a JS post that opens the card step. */
export interface CardStepReply extends CheckoutReply {
  card: CardStepStart;
}

/** The card step an answer opens, or null. */
export function cardStepOf(reply: unknown): CardStepStart | null {
  if (!reply || typeof reply !== "object") return null;
  const card = (reply as { card?: unknown }).card;
  if (!card || typeof card !== "object") return null;
  const { order, clientSecret, method } = card as Record<string, unknown>;
  if (typeof order !== "string" || typeof clientSecret !== "string") return null;
  return isStripeMethod(method) ? { order, clientSecret, method } : null;
}

/** The PaymentIntent id of a client secret (`pi_123_secret_abc` → `pi_123`). */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.split("_secret_")[0] ?? "";
}
