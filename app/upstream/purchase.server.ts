import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { upstream, type UpstreamAuth } from "./client.server";
import { invalidInput } from "./errors";
import {
  BONUS_CODE_PATTERN,
  LOCATION_PATTERN,
  ORDER_PATTERN,
  PAYMENT_METHODS,
  isEmailShaped,
  isPlanId,
  purchaseUrlSchema,
  successInfoSchema,
  type PaymentMethod,
  type PurchaseUrl,
  type SuccessInfo,
} from "./sales.schemas";
import { isStripeMethod, type StripeMethod } from "./payment-methods";
import {
  PAYMENT_INTENT_PATTERN,
  WALLET_TOKEN_PATTERN,
  amazonPaySessionSchema,
  amazonUserInfoSchema,
  amazonValidateSchema,
  stripeConfirmSchema,
  stripePurchaseSchema,
  transactionIdSchema,
  type AmazonPaySession,
  type AmazonUserInfo,
  type AmazonValidation,
  type StripeConfirm,
  type StripePurchase,
  type TransactionId,
} from "./payment.schemas";

/**
 * The provider service's purchase calls (SPEC §7, `/{provider}/purchase/...`): a plan's cost with
 * a bonus code, the payment URL the buyer is sent to, and what an order bought. None is cached —
 * each answer is about one buyer or order. A bad input rejects with an UpstreamError 400
 * `INVALID_INPUT` and calls nothing; a code the service refuses rejects with its error key
 * (`error.code`, e.g. BAD_NEW_BONUS_CODE).
 */

function purchasePath(path: string): string {
  return `/${getConfig().brand.provider}/purchase/${path}`;
}

export interface PurchaseRequest {
  planId: number;
  method: PaymentMethod;
  /** A bonus code to apply (checked first with `checkBonusCode`). */
  code?: string;
  lang?: LangCode;
  /** Where a personal server or static IP is placed (a server location id or country code). */
  location?: string;
}

function checkRequest(path: string, request: PurchaseRequest): string | undefined {
  if (!isPlanId(request.planId)) throw invalidInput(path, "planId");
  if (!PAYMENT_METHODS.includes(request.method)) throw invalidInput(path, "method");
  const code = request.code?.trim() || undefined;
  if (code !== undefined && !BONUS_CODE_PATTERN.test(code)) throw invalidInput(path, "code");
  if (request.location !== undefined && !LOCATION_PATTERN.test(request.location)) {
    throw invalidInput(path, "location");
  }
  return code;
}

/**
 * `POST purchase/url-with-email/`: where a buyer who gave an e-mail (lowercased here) pays for
 * a plan. `receiveMarketingEmails` is false unless the caller says otherwise: the checkout always
 * sends false and subscribes a buyer who ticked the box through the newsletter's own rules
 * (decisions 022 and 030).
 */
export async function getPurchaseUrlWithEmail(
  request: PurchaseRequest & { email: string; receiveMarketingEmails?: boolean },
  auth?: UpstreamAuth | null,
): Promise<PurchaseUrl> {
  const path = purchasePath("url-with-email/");
  return upstream().request({
    method: "POST",
    path,
    body: buyerBody(path, request),
    schema: purchaseUrlSchema,
    auth,
  });
}

/**
 * The body of a purchase by e-mail (`url-with-email/`, `stripe/`): the request checked (plan,
 * method, code, place, e-mail lowercased) — a bad field rejects with INVALID_INPUT, nothing sent.
 */
function buyerBody(
  path: string,
  request: PurchaseRequest & { email: string; receiveMarketingEmails?: boolean },
) {
  const code = checkRequest(path, request);
  const email = typeof request.email === "string" ? request.email.trim().toLowerCase() : "";
  if (!isEmailShaped(email)) throw invalidInput(path, "email");
  return {
    id: request.planId,
    email,
    method: request.method,
    receiveMarketingEmails: request.receiveMarketingEmails ?? false,
    ...(code ? { code } : {}),
    ...(request.lang ? { lang: request.lang } : {}),
    ...(request.location ? { location: request.location } : {}),
  };
}

/** `GET purchase/success-info/?order=`: the order's plan, amounts and status. */
export async function getSuccessInfo(order: string): Promise<SuccessInfo> {
  const path = purchasePath("success-info/");
  if (typeof order !== "string" || !ORDER_PATTERN.test(order)) throw invalidInput(path, "order");
  return upstream().request({ path, query: { order }, schema: successInfoSchema });
}

export interface StripePurchaseRequest {
  planId: number;
  method: StripeMethod;
  email: string;
  receiveMarketingEmails?: boolean;
  code?: string;
  /** Where a personal server or static IP is placed (as for `url-with-email/`). */
  location?: string;
  lang?: LangCode;
}

/**
 * `POST purchase/stripe/`: a pending order for a buyer who pays on the site's card step (card,
 * Apple Pay, Pay Now), with the client secret of its PaymentIntent. The service prices the order
 * itself (plan and bonus code); nothing is charged until the buyer confirms the card in Stripe.js.
 */
export async function createStripePurchase(
  request: StripePurchaseRequest,
): Promise<StripePurchase> {
  const path = purchasePath("stripe/");
  if (!isStripeMethod(request.method)) throw invalidInput(path, "method");
  return upstream().request({
    method: "POST",
    path,
    body: buyerBody(path, request),
    schema: stripePurchaseSchema,
  });
}

/**
 * `POST purchase/stripe/confirm/` with `{ order, paymentIntent }`: tells the service that Stripe.js
 * reported the order's PaymentIntent as paid. The service checks the intent itself (it belongs to
 * the order and has succeeded) before marking the order paid, and answers the order's status.
 */
export async function confirmStripePurchase(
  order: string,
  paymentIntent: string,
): Promise<StripeConfirm> {
  const path = purchasePath("stripe/confirm/");
  if (typeof order !== "string" || !ORDER_PATTERN.test(order)) throw invalidInput(path, "order");
  if (typeof paymentIntent !== "string" || !PAYMENT_INTENT_PATTERN.test(paymentIntent)) {
    throw invalidInput(path, "paymentIntent");
  }
  return upstream().request({
    method: "POST",
    path,
    body: { order, paymentIntent },
    schema: stripeConfirmSchema,
  });
}

/* ---- Amazon Pay (the wallet payment page, /amazon/payment) ---- */

function checkOrder(path: string, order: unknown): string {
  if (typeof order !== "string" || !ORDER_PATTERN.test(order)) throw invalidInput(path, "order");
  return order;
}

/** `GET purchase/amazon-user-info/?order=`: the order the wallet page shows (plan, total, e-mail). */
export async function getAmazonUserInfo(order: string): Promise<AmazonUserInfo> {
  const path = purchasePath("amazon-user-info/");
  const checked = checkOrder(path, order);
  return upstream().request({ path, query: { order: checked }, schema: amazonUserInfoSchema });
}

/**
 * `GET purchase/amazon-pay-validate/?order=&lang=`: the wallet session for an order that may be
 * paid with Amazon Pay (the preparatory step before the wallet's script is loaded).
 */
export async function getAmazonPaySession(
  order: string,
  lang?: LangCode,
): Promise<AmazonPaySession> {
  const path = purchasePath("amazon-pay-validate/");
  const checked = checkOrder(path, order);
  return upstream().request({
    path,
    query: { order: checked, lang },
    schema: amazonPaySessionSchema,
  });
}

/** `GET purchase/transaction-id/?order=`: the reference the order's payment is charged under. */
export async function getTransactionId(order: string): Promise<TransactionId> {
  const path = purchasePath("transaction-id/");
  const checked = checkOrder(path, order);
  return upstream().request({ path, query: { order: checked }, schema: transactionIdSchema });
}

/**
 * `POST purchase/amazon-validate/`: charges the order with the token the wallet authorized,
 * under its transaction id; answers the order's status (paid, or failed when declined).
 */
export async function validateAmazonPayment(input: {
  order: string;
  token: string;
  transactionId: string;
}): Promise<AmazonValidation> {
  const path = purchasePath("amazon-validate/");
  const order = checkOrder(path, input.order);
  if (typeof input.token !== "string" || !WALLET_TOKEN_PATTERN.test(input.token)) {
    throw invalidInput(path, "token");
  }
  if (
    typeof input.transactionId !== "string" ||
    !/^[A-Za-z0-9_-]{1,128}$/.test(input.transactionId)
  ) {
    throw invalidInput(path, "transactionId");
  }
  return upstream().request({
    method: "POST",
    path,
    body: { order, token: input.token, transactionId: input.transactionId },
    schema: amazonValidateSchema,
  });
}
