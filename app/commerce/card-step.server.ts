import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { isUpstreamError } from "~/upstream/errors";
import { confirmStripePurchase, createStripePurchase } from "~/upstream/purchase.server";
import { isStripeMethod, type StripeMethod } from "~/commerce/payment-methods";
import { PAYMENT_INTENT_PATTERN } from "~/upstream/payment.schemas";
import { ORDER_PATTERN } from "~/upstream/sales.schemas";
import type { AppliedBonus } from "./bonus";
import { CARD_PAID_FORM, type CardStepReply } from "./card-step";
import { ownOrderHref } from "./order-link.server";
import { CHECKOUT_FORM } from "./checkout-schema";
import { subscribeFromPurchase } from "~/forms/newsletter.server";
import { failureMessage } from "~/forms/pipeline.server";
import type { FormReply } from "~/forms/reply";
import { JS_FIELD } from "~/forms/schemas";
import type { CheckoutValue } from "./checkout-schema";

export { CARD_PAID_FORM };

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * Whether a valid checkout post opens the card step: posted by JS (the `_js` field), a card
 * provider key configured, and a method Stripe.js charges. Otherwise (no JS, no key, another
 * method) the checkout goes on to the hosted payment page as before.
 */
export function opensCardStep(form: FormData, method: string): method is StripeMethod {
  return (
    form.get(JS_FIELD) === "1" &&
    Boolean(getConfig().stripePublishableKey) &&
    isStripeMethod(method)
  );
}

/**
 * `purchase/stripe/` for a checked checkout post (plan re-read upstream, bonus code checked):
 * the pending order and its client secret, answered as data that opens the card step. Only the
 * plan id and the code are sent: the service prices the order. Throws when the call fails (the
 * checkout answers 502 with the seed's message).
 */
export async function openCardStep(input: {
  value: CheckoutValue & { method: StripeMethod };
  planId: number;
  bonus: AppliedBonus | null;
  /** An add-on's place, checked against its list (addons.server.ts). */
  location?: string;
  lang: LangCode;
  /** The buyer's address: a ticked consent counts on its newsletter limits. */
  clientIp: string | undefined;
  result: SubmissionResult<string[]>;
}) {
  const { value, planId, bonus, location, lang, clientIp, result } = input;
  // The consent is a newsletter subscription under its own rules, never the purchase call's.
  const [purchase] = await Promise.all([
    createStripePurchase({
      planId,
      method: value.method,
      email: value.email,
      receiveMarketingEmails: false,
      ...(bonus ? { code: bonus.code } : {}),
      ...(location ? { location } : {}),
      lang,
    }),
    value.marketing && subscribeFromPurchase(value.email, lang, clientIp),
  ]);
  const reply: CardStepReply = {
    form: CHECKOUT_FORM,
    result,
    bonus,
    card: { order: purchase.order, clientSecret: purchase.clientSecret, method: value.method },
  };
  return data(reply, { headers: NO_STORE });
}

const cardPaidSchema = z.object({
  order: z.string().regex(ORDER_PATTERN),
  intent: z.string().regex(PAYMENT_INTENT_PATTERN),
});

function refuse(status: number, message: string) {
  const reply: FormReply = {
    form: CARD_PAID_FORM,
    result: { status: "error", error: { "": [message] } },
  };
  return data(reply, { status, headers: NO_STORE });
}

/**
 * The card step's last post (`_form=card-paid`, sent by JS once Stripe.js confirmed the payment):
 * rate limit (429) → the order and PaymentIntent ids' shape (400, no upstream call) →
 * `purchase/stripe/confirm/`, where the service checks the intent belongs to the order and was
 * paid → 303 to the outcome page of the order in the page's language. An intent the service
 * refuses (a forged or mistyped id) marks nothing paid: 400 with the message to contact support.
 */
export async function cardPaidAction(form: FormData, request: Request, context: AppLoadContext) {
  if (!(await consumeSharedAddressPost(CARD_PAID_FORM, context.clientIp)))
    return refuse(429, "api.TOO_MANY_REQUESTS");
  const parsed = cardPaidSchema.safeParse({ order: form.get("order"), intent: form.get("intent") });
  if (!parsed.success) return refuse(400, "errors.badRequest");
  const { order, intent } = parsed.data;
  const { lang } = splitLangPath(new URL(request.url).pathname);
  try {
    const { status } = await confirmStripePurchase(order, intent);
    const page = status === "failed" ? "/payment-error" : "/payment-success";
    return redirect(ownOrderHref(localizePath(page, lang), order), {
      status: 303,
      headers: NO_STORE,
    });
  } catch (error) {
    if (isUpstreamError(error) && error.statusCode >= 400 && error.statusCode < 500) {
      log.warn(`Card payment of order ${order} was not confirmed`, error);
      return refuse(400, "cardStep.notConfirmed");
    }
    log.error(`Card payment of order ${order} could not be confirmed upstream`, error);
    return refuse(502, failureMessage(error));
  }
}
