import { http, HttpResponse } from "msw";
import { isLangCode } from "../../app/i18n/languages";
import { isEmailShaped, isPlanId } from "../../app/upstream/sales.schemas";
import { PURCHASE_HASH_PATTERN, REDEEM_CODE_PATTERN } from "../../app/upstream/outcome.schemas";
import type { Recorder } from "../recorder";
import { planById } from "../sales/catalogue";
import { redeemCodeOf } from "../sales/codes";
import { ORDER_ID, maskEmail, sandboxTransactionId, type SandboxOrders } from "../sales/orders";
import {
  badRequest,
  fail,
  notFound,
  publicPlan,
  readBody,
  safe,
  transactionIdOf,
} from "./shop-kit";

/**
 * The sandbox's payment-outcome and code calls: orders by e-mailed hash, transaction ids, free
 * trials (`trial-accrual/`), and gift / redeem codes.
 */
export function outcomeHandlers(api: string, recorder: Recorder, orders: SandboxOrders) {
  /** A code for `redeem-code/`, `redeem-gift/` and `redeem/`: its demo entry, or the refusal. */
  function usableCode(raw: unknown, kind?: "gift" | "code") {
    if (typeof raw !== "string" || !REDEEM_CODE_PATTERN.test(raw)) {
      return badRequest("INVALID_REDEEM_CODE");
    }
    const code = redeemCodeOf(raw);
    const plan = code && planById(code.planId);
    if (!code || !plan || (kind && code.kind !== kind)) return notFound("INVALID_REDEEM_CODE");
    if (code.state === "used") return badRequest("REDEEM_CODE_USED");
    if (code.state === "expired") return badRequest("REDEEM_CODE_EXPIRED");
    return { code, plan };
  }

  /** `redeem-gift/` and `redeem/`: the code applied to the account of `email`. */
  function redeemHandler(name: string, kind: "gift" | "code") {
    return safe(async ({ request }) => {
      const body = await readBody(request);
      if (body === "too-large") return fail(413, "TOO_LARGE");
      if (!body || !isEmailShaped(body.email)) return badRequest("INVALID_EMAIL");
      if (body.lang !== undefined && !isLangCode(body.lang)) return badRequest();
      const usable = usableCode(body.code, kind);
      if (usable instanceof Response) return usable;
      recorder.record(name, body);
      const { code, plan } = usable;
      const months = plan.info.type === "year" ? plan.info.count * 12 : plan.info.count;
      const ends = new Date();
      ends.setUTCMonth(ends.getUTCMonth() + months);
      return HttpResponse.json({
        code: code.code,
        plan: publicPlan(plan),
        email: maskEmail(body.email.toLowerCase()),
        endsAt: ends.toISOString().slice(0, 10),
      });
    });
  }

  return [
    http.get(
      `${api}/purchase-detail-by-hash/`,
      safe(({ request }) => {
        const hash = new URL(request.url).searchParams.get("hash") ?? "";
        if (!PURCHASE_HASH_PATTERN.test(hash)) return badRequest("INVALID_HASH");
        const found = orders.byHash(hash);
        const plan = found && planById(found.planId);
        if (!found || !plan) return notFound("ORDER_NOT_FOUND");
        const transactionId = transactionIdOf(found);
        return HttpResponse.json({
          order: found.order,
          status: found.status,
          plan: publicPlan(plan),
          email: found.email,
          total: found.total,
          currency: found.currency,
          ...(transactionId ? { transactionId } : {}),
          ...(found.trialEndsAt ? { trialEndsAt: found.trialEndsAt } : {}),
        });
      }),
    ),

    // The id a payment is charged under: a paid order's, or the one a pending order will be
    // charged under (the wallet page asks before charging). A failed order or a free trial has
    // none.
    http.get(
      `${api}/purchase/transaction-id/`,
      safe(({ request }) => {
        const order = new URL(request.url).searchParams.get("order") ?? "";
        if (!ORDER_ID.test(order)) return badRequest("INVALID_ORDER");
        const found = orders.get(order);
        if (!found) return notFound("ORDER_NOT_FOUND");
        const transactionId =
          found.status === "pending" ? sandboxTransactionId(order) : transactionIdOf(found);
        if (!transactionId) return notFound("TRANSACTION_NOT_FOUND");
        return HttpResponse.json({ order, transactionId });
      }),
    ),

    http.post(
      `${api}/sales/trial-accrual/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body || !isPlanId(body.id)) return badRequest("INVALID_ID");
        if (!isEmailShaped(body.email)) return badRequest("INVALID_EMAIL");
        const consent = body.receiveMarketingEmails;
        if (consent !== undefined && typeof consent !== "boolean") return badRequest();
        if (body.lang !== undefined && !isLangCode(body.lang)) return badRequest();
        const plan = planById(body.id);
        if (!plan) return notFound("PRICE_NOT_FOUND");
        if (!plan.trialDays) return badRequest("NO_TRIAL");
        recorder.record("sales.trial-accrual", body);
        const email = body.email.toLowerCase();
        const order = orders.createTrial({
          plan,
          buyer: email,
          email: maskEmail(email),
          ...(typeof body.lang === "string" ? { lang: body.lang } : {}),
        });
        return HttpResponse.json({ order: order.order, trialEndsAt: order.trialEndsAt });
      }),
    ),

    http.get(
      `${api}/sales/redeem-code/`,
      safe(({ request }) => {
        const usable = usableCode(new URL(request.url).searchParams.get("code"));
        if (usable instanceof Response) return usable;
        const { code, plan } = usable;
        return HttpResponse.json({
          code: code.code,
          kind: code.kind,
          plan: publicPlan(plan),
          ...(code.expiresAt ? { expiresAt: code.expiresAt } : {}),
        });
      }),
    ),

    http.post(`${api}/sales/redeem-gift/`, redeemHandler("sales.redeem-gift", "gift")),
    http.post(`${api}/purchase/redeem/`, redeemHandler("purchase.redeem", "code")),
  ];
}
