/** The payment methods the provider's sales service knows, by the ids its API uses (SPEC §4). */
export const PAYMENT_METHODS = [
  "card",
  "paypal",
  "amazon",
  "paymentwall",
  "bitcoin",
  "coinpayments",
  "applepay",
  "paynow",
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The payment methods the card provider charges on the site's card step (Stripe.js). */
export const STRIPE_METHODS = ["card", "applepay", "paynow"] as const;
export type StripeMethod = (typeof STRIPE_METHODS)[number];

export function isStripeMethod(value: unknown): value is StripeMethod {
  return typeof value === "string" && (STRIPE_METHODS as readonly string[]).includes(value);
}
