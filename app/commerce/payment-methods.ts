/**
 * Payment methods (SPEC §4, §7, §8): which exist, which renew, when the device-bound ones are
 * unavailable, and the payment button's four states with their hints.
 */

export {
  PAYMENT_METHODS,
  STRIPE_METHODS,
  isPaymentMethodId,
  isStripeMethod,
  type PaymentMethodId,
  type StripeMethod,
} from "~/upstream/payment-methods";
import type { PaymentMethodId } from "~/upstream/payment-methods";

/**
 * Renewal (SPEC §4: cards and PayPal auto-renew; Bitpay and some others must be extended by hand).
 * Amazon Pay and the wallets (Apple Pay and the browser's Payment Request "Pay Now" charge a card
 * through the card provider) can be charged again. Bitpay and CoinPayments are crypto payments the
 * buyer pushes, and Paymentwall mostly sells through one-off local methods (vouchers, bank
 * transfers), so these three do not renew.
 */
const RENEWS: Readonly<Record<PaymentMethodId, boolean>> = {
  card: true,
  paypal: true,
  amazon: true,
  paymentwall: false,
  bitcoin: false,
  coinpayments: false,
  applepay: true,
  paynow: true,
};

/**
 * The methods a buyer can pick on the page: each ends on the provider's hosted page. Apple Pay
 * and the browser's Payment Request need the device's wallet, which only the JS card step can
 * ask for, so they are not offered here.
 */
export const PAGE_METHODS = [
  "card",
  "paypal",
  "amazon",
  "paymentwall",
  "bitcoin",
  "coinpayments",
] as const satisfies readonly PaymentMethodId[];

export function renews(method: PaymentMethodId): boolean {
  return RENEWS[method];
}

export function paymentMethodLabel(method: PaymentMethodId): string {
  return `commerce.methods.${method}`;
}

/** The sprite of the checkout's payment method marks (drawn for this site, public/). */
export const PAYMENT_MARKS = "/payment-marks.svg";

/**
 * Each method's mark in the sprite: what a buyer recognises it by (a card, a wordmark, a coin),
 * drawn generically. Paymentwall sells mostly bank transfers and local methods, CoinPayments
 * other coins than Bitcoin.
 */
const MARKS: Readonly<Record<PaymentMethodId, string>> = {
  card: "pm-card",
  paypal: "pm-paypal",
  amazon: "pm-amazon",
  paymentwall: "pm-bank",
  bitcoin: "pm-bitcoin",
  coinpayments: "pm-crypto",
  applepay: "pm-phone",
  paynow: "pm-browser",
};

/** The method's mark: the sprite's URL with the symbol's fragment. */
export function paymentMethodMark(method: PaymentMethodId): string {
  return `${PAYMENT_MARKS}#${MARKS[method]}`;
}

/** The line under a method's name on the checkout: what it takes, and through whom. */
export function paymentMethodDetail(method: PaymentMethodId): string {
  return `commerce.methodDetails.${method}`;
}

/** What the browser reports it can do; unknown (server, no JS) counts as no. */
export interface DeviceWallets {
  applePay?: boolean;
  paymentRequest?: boolean;
}

export type Availability = { available: true } | { available: false; message: string };

/**
 * Apple Pay and "Pay Now" (the browser's Payment Request) work only where the device has them
 * set up (SPEC §5, §8); every other method is always available.
 */
export function methodAvailability(method: PaymentMethodId, device: DeviceWallets): Availability {
  if (method === "applepay" && device.applePay !== true) {
    return { available: false, message: "commerce.methods.applePayUnavailable" };
  }
  if (method === "paynow" && device.paymentRequest !== true) {
    return { available: false, message: "commerce.methods.payNowUnavailable" };
  }
  return { available: true };
}

export type PayButtonState = "emailMissing" | "cardDetailsMissing" | "methodNotSelected" | "ready";

export interface PayButtonInput {
  paymentMethod: PaymentMethodId | null;
  isValidEmail: boolean;
  /**
   * Whether the on-page card form is complete. Null when the card is not entered on this page
   * (no JS: the provider's hosted page asks for it), so it is not required here.
   */
  cardComplete: boolean | null;
}

export interface PayButton {
  state: PayButtonState;
  /** The hint under the button (a UI-string key); null when ready. */
  hint: string | null;
  canPay: boolean;
}

/**
 * SPEC §4/§5, in the order the buyer fills the page: e-mail first (a missing or invalid address),
 * then the card details when paying by card on this page, then the method.
 */
export function payButton({
  paymentMethod,
  isValidEmail,
  cardComplete,
}: PayButtonInput): PayButton {
  const cardMissing = paymentMethod === "card" && cardComplete === false;
  if (!isValidEmail) {
    return {
      state: "emailMissing",
      hint: cardMissing ? "commerce.button.hintEmailAndCard" : "commerce.button.hintEmail",
      canPay: false,
    };
  }
  if (cardMissing) {
    return { state: "cardDetailsMissing", hint: "commerce.button.hintCard", canPay: false };
  }
  if (!paymentMethod) {
    return {
      state: "methodNotSelected",
      hint: "validation.PAYMENT_METHOD_REQUIRED",
      canPay: false,
    };
  }
  return { state: "ready", hint: null, canPay: true };
}
