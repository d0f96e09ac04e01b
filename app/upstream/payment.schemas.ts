import { z } from "zod";
import {
  ORDER_PATTERN,
  ORDER_STATUSES,
  cents,
  currency,
  paymentStatusSchema,
  pricePlanSchema,
  text,
} from "./sales.schemas";

/**
 * The answers of the payment providers' purchase calls (SPEC §3, §7): the card provider's
 * PaymentIntent (the card step) and the wallet's session and charge (Amazon Pay, the wallet
 * page), parsed at the edge, with the patterns the site checks what the page sends back against.
 */

/* ---- The card provider (the card step of the checkout) ---- */

/** A card provider's PaymentIntent id (`pi_…`). */
export const PAYMENT_INTENT_PATTERN = /^pi_[A-Za-z0-9]{8,64}$/;
/** A PaymentIntent's client secret (`pi_…_secret_…`): what Stripe.js confirms the payment with. */
export const CLIENT_SECRET_PATTERN = /^pi_[A-Za-z0-9]{8,64}_secret_[A-Za-z0-9]{8,128}$/;

/** `POST purchase/stripe/`: the new pending order and the client secret its card step pays. */
export const stripePurchaseSchema = z.object({
  order: text(128).regex(ORDER_PATTERN),
  clientSecret: z.string().regex(CLIENT_SECRET_PATTERN),
});
export type StripePurchase = z.infer<typeof stripePurchaseSchema>;

/** `POST purchase/stripe/confirm/`: the order's status once the service checked the payment. */
export const stripeConfirmSchema = paymentStatusSchema;
export type StripeConfirm = z.infer<typeof stripeConfirmSchema>;

/* ---- Amazon Pay (the wallet payment page, /amazon/payment) ---- */

/** A wallet's authorization token as the site accepts it back from the page (printable ASCII). */
export const WALLET_TOKEN_PATTERN = /^[\x21-\x7e]{1,2048}$/;

/** `GET purchase/amazon-user-info/`: the order the wallet page is about (e-mail masked). */
export const amazonUserInfoSchema = z.object({
  order: text(128),
  status: z.enum(ORDER_STATUSES),
  method: text(32),
  plan: pricePlanSchema,
  email: text(320),
  total: cents,
  currency,
});
export type AmazonUserInfo = z.infer<typeof amazonUserInfoSchema>;

/**
 * `GET purchase/amazon-pay-validate/`: the wallet session the Amazon Pay button is rendered with
 * (merchant, ledger currency, the signed checkout-session payload). The browser gets it as is;
 * none of it is secret, and none of it is shown.
 */
export const amazonPaySessionSchema = z.object({
  order: text(128),
  merchantId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  publicKeyId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  ledgerCurrency: currency,
  checkoutLanguage: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  productType: z.enum(["PayOnly", "PayAndShip", "SignIn"]),
  placement: z.enum(["Home", "Product", "Cart", "Checkout", "Other"]),
  sandbox: z.boolean(),
  amount: cents,
  payloadJSON: text(8192),
  signature: text(1024),
});
export type AmazonPaySession = z.infer<typeof amazonPaySessionSchema>;

/** `GET purchase/transaction-id/`: the reference the order's payment is charged under. */
export const transactionIdSchema = z.object({
  order: text(128),
  transactionId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
});
export type TransactionId = z.infer<typeof transactionIdSchema>;

/** `POST purchase/amazon-validate/`: the order's status once the wallet's token was charged. */
export const amazonValidateSchema = z.object({
  order: text(128),
  status: z.enum(ORDER_STATUSES),
});
export type AmazonValidation = z.infer<typeof amazonValidateSchema>;
