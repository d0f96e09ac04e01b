import { http, HttpResponse } from "msw";
import { isLangCode } from "../../app/i18n/languages";
import { isStripeMethod } from "../../app/commerce/payment-methods";
import { PAYMENT_INTENT_PATTERN } from "../../app/upstream/payment.schemas";
import { isEmailShaped } from "../../app/upstream/sales.schemas";
import type { Recorder } from "../recorder";
import { ORDER_ID, maskEmail, type SandboxOrders } from "../sales/orders";
import { badRequest, fail, notFound, readBody, safe } from "./shop-kit";

/** Creates an order the way `url-with-email/` does (the shop's checks), or the error answer. */
export type CreatePurchase = (
  request: Record<string, unknown>,
  buyer: string,
  email: string,
) => Response;

/**
 * The card step's calls (Stripe.js): `purchase/stripe/` makes a pending order with its
 * PaymentIntent, `purchase/stripe/confirm/` stands for the provider's webhook.
 */
export function cardHandlers(
  api: string,
  recorder: Recorder,
  orders: SandboxOrders,
  purchase: CreatePurchase,
) {
  return [
    // The card step (Stripe.js): a pending order with its PaymentIntent, checked like
    // url-with-email (plan, e-mail, consent, bonus code, language); only the card provider's
    // methods are paid this way.
    http.post(
      `${api}/purchase/stripe/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body) return badRequest();
        if (!isStripeMethod(body.method)) return badRequest("UNKNOWN_PAYMENT_METHOD");
        const email = body.email;
        if (!isEmailShaped(email)) return badRequest("INVALID_EMAIL");
        const consent = body.receiveMarketingEmails;
        if (consent !== undefined && typeof consent !== "boolean") return badRequest();
        if (body.lang !== undefined && !isLangCode(body.lang)) return badRequest();
        const answer = purchase(body, email.toLowerCase(), maskEmail(email.toLowerCase()));
        if (!answer.ok) return answer;
        const { order } = (await answer.json()) as { order: string };
        const intent = orders.attachIntent(order);
        if (!intent) return fail(500, "INTERNAL_ERROR");
        recorder.record("purchase.stripe", body);
        return HttpResponse.json({ order, clientSecret: intent.clientSecret });
      }),
    ),

    // What the service learns from the card provider's webhook in production: the site reports
    // the PaymentIntent Stripe.js confirmed, and the order is paid only when the intent is its own.
    http.post(
      `${api}/purchase/stripe/confirm/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const order = body?.order;
        const intent = body?.paymentIntent;
        if (typeof order !== "string" || !ORDER_ID.test(order)) return badRequest("INVALID_ORDER");
        if (typeof intent !== "string" || !PAYMENT_INTENT_PATTERN.test(intent)) {
          return badRequest("INVALID_PAYMENT_INTENT");
        }
        recorder.record("purchase.stripe.confirm", body);
        const confirmed = orders.confirmIntent(order, intent);
        if (!confirmed) return notFound("ORDER_NOT_FOUND");
        if (confirmed === "mismatch") return badRequest("PAYMENT_INTENT_MISMATCH");
        return HttpResponse.json({ order, status: confirmed.status });
      }),
    ),
  ];
}
