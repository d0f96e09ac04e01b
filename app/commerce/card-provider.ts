import type { PaymentRequest, Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import type { DeviceWallets } from "~/commerce/payment-methods";

/**
 * The card provider's script (Stripe.js), loaded on demand: `/pure` injects nothing until
 * `loadStripe` is called, which only the card step does. The API version is pinned to SPEC §3's
 * fixed date.
 */
const CARD_PROVIDER_API_VERSION = "2020-03-02";

/** Stripe.js for a publishable key; rejects (or resolves null) when the script cannot load. */
export function loadCardProvider(publishableKey: string): Promise<Stripe | null> {
  return loadStripe(publishableKey, { apiVersion: CARD_PROVIDER_API_VERSION });
}

/**
 * What the device's wallets can do, from the Payment Request's `canMakePayment()`: null means
 * no wallet at all; `applePay: true` means Apple Pay. Any wallet can serve "Pay Now".
 */
export async function deviceWallets(request: PaymentRequest): Promise<DeviceWallets> {
  try {
    const result = await request.canMakePayment();
    return { applePay: result?.applePay === true, paymentRequest: result !== null };
  } catch {
    return { applePay: false, paymentRequest: false };
  }
}
