import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";
import { isLangCode } from "../../app/i18n/languages";
import type { Recorder } from "../recorder";
import { planById, type DemoPlan } from "../sales/catalogue";
import {
  ORDER_ID,
  sandboxTransactionId,
  type SandboxOrder,
  type SandboxOrders,
} from "../sales/orders";
import { badRequest, fail, notFound, publicPlan, readBody, safe } from "./shop-kit";

/** The Amazon Pay wallet page's calls (`/amazon/payment`), for Amazon Pay orders only. */
export function walletHandlers(api: string, recorder: Recorder, orders: SandboxOrders) {
  return [
    // ---- Amazon Pay: the wallet payment page's calls (/amazon/payment) ----

    http.get(
      `${api}/purchase/amazon-user-info/`,
      safe(({ request }) => {
        const found = amazonOrder(orders, new URL(request.url).searchParams.get("order"));
        if (found instanceof Response) return found;
        const { order, plan } = found;
        return HttpResponse.json({
          order: order.order,
          status: order.status,
          method: order.method,
          plan: publicPlan(plan),
          email: order.email,
          total: order.total,
          currency: order.currency,
        });
      }),
    ),

    http.get(
      `${api}/purchase/amazon-pay-validate/`,
      safe(({ request }) => {
        const query = new URL(request.url).searchParams;
        const lang = query.get("lang");
        if (lang !== null && !isLangCode(lang)) return badRequest();
        const found = amazonOrder(orders, query.get("order"));
        if (found instanceof Response) return found;
        const { order } = found;
        if (order.status !== "pending") return fail(409, "ORDER_NOT_PAYABLE");
        recorder.record("purchase.amazon-pay-validate", Object.fromEntries(query));
        const payload = JSON.stringify({
          storeId: "amzn1.application-oa2-client.sandbox",
          chargeAmount: { amount: (order.total / 100).toFixed(2), currencyCode: order.currency },
          merchantReference: sandboxTransactionId(order.order),
        });
        return HttpResponse.json({
          order: order.order,
          merchantId: "SANDBOXMERCHANT01",
          publicKeyId: "SANDBOX-PUBLIC-KEY",
          ledgerCurrency: order.currency,
          checkoutLanguage: AMAZON_LANGUAGES[lang ?? "en"] ?? "en_US",
          productType: "PayOnly",
          placement: "Checkout",
          sandbox: true,
          amount: order.total,
          payloadJSON: payload,
          signature: createHash("sha256").update(payload).digest("base64"),
        });
      }),
    ),

    http.post(
      `${api}/purchase/amazon-validate/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body || typeof body.token !== "string" || typeof body.transactionId !== "string") {
          return badRequest();
        }
        if (!/^[\x21-\x7e]{1,2048}$/.test(body.token)) return badRequest("INVALID_TOKEN");
        const found = amazonOrder(orders, body.order);
        if (found instanceof Response) return found;
        const { order } = found;
        if (body.transactionId !== sandboxTransactionId(order.order)) {
          return badRequest("INVALID_TRANSACTION");
        }
        recorder.record("purchase.amazon-validate", body);
        // A token that starts with "decline" stands for a payment the wallet refused.
        const outcome = body.token.startsWith("decline") ? "failed" : "paid";
        const settled = orders.settle(order.order, outcome) ?? order;
        return HttpResponse.json({ order: settled.order, status: settled.status });
      }),
    ),
  ];
}

/* ---- Amazon Pay: the wallet payment page's orders ---- */

/** Amazon Pay's checkout languages for the site's languages (en_US for the others). */
const AMAZON_LANGUAGES: Partial<Record<string, string>> = {
  en: "en_US",
  de: "de_DE",
  fr: "fr_FR",
  es: "es_ES",
  jp: "ja_JP",
};

/** An order the wallet page may be about: known, and bought with Amazon Pay. */
function amazonOrder(
  orders: SandboxOrders,
  value: unknown,
): { order: SandboxOrder; plan: DemoPlan } | Response {
  if (typeof value !== "string" || !ORDER_ID.test(value)) return badRequest("INVALID_ORDER");
  const order = orders.get(value);
  const plan = order && planById(order.planId);
  if (!order || !plan) return notFound("ORDER_NOT_FOUND");
  if (order.method !== "amazon") return fail(409, "ORDER_NOT_PAYABLE");
  return { order, plan };
}
