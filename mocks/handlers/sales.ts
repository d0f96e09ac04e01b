import { createHash } from "node:crypto";
import { http, HttpResponse, type HttpResponseResolver } from "msw";
import { isLangCode } from "../../app/i18n/languages";
import {
  BONUS_CODE_PATTERN,
  MAX_PRICE_LIST_IDS,
  PAYMENT_METHODS,
  PAYMENT_INTENT_PATTERN,
  PRICE_SERVICES,
  isEmailShaped,
  isPlanId,
  isStripeMethod,
} from "../../app/upstream/sales.schemas";
import { fillPlaceholders, type Brand } from "../content-store";
import type { Recorder } from "../recorder";
import {
  CATALOGUE,
  COMMENTS,
  CURRENCY,
  LOCATIONS,
  applyBonusCode,
  planById,
  plansOfService,
  type BonusCodeAnswer,
  type DemoPlan,
} from "../sales/catalogue";
import { upgradeAnswerFor } from "../sales/upgrades";
import {
  ORDER_ID,
  maskEmail,
  paymentPathFor,
  sandboxTransactionId,
  type SandboxOrder,
  type SandboxOrders,
} from "../sales/orders";
import { PURCHASE_HASH_PATTERN, REDEEM_CODE_PATTERN } from "../../app/upstream/outcome.schemas";
import { redeemCodeOf } from "../sales/codes";

/** The largest JSON body these endpoints read; a real gateway refuses bigger ones too. */
const MAX_BODY_BYTES = 16 * 1024;

type Body = Record<string, unknown>;

/** The body as a JSON object, "too-large", or null when it is not a JSON object. */
async function readBody(request: Request): Promise<Body | "too-large" | null> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return null;
  }
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return "too-large";
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Body) : null;
  } catch {
    return null;
  }
}

const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });
const badRequest = (message = "BAD_REQUEST") => fail(400, message);
const notFound = (message: string) => fail(404, message);

/** A handler that answers 500 instead of throwing, whatever it is sent. */
function safe<P extends Record<string, string | readonly string[]>>(
  resolver: HttpResponseResolver<P>,
): HttpResponseResolver<P> {
  return async (info) => {
    try {
      return await resolver(info);
    } catch {
      return fail(500, "INTERNAL_ERROR");
    }
  };
}

/** A plan as the service answers it: SPEC §3's fields and the descriptive extras. */
function publicPlan(plan: DemoPlan) {
  return { ...plan, info: { ...plan.info } };
}

/** A purchase id from a query or path parameter: digits only, no sign, no leading zero. */
function idParam(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** A bonus code applied to a plan, or an error answer (a code of the wrong shape is a bad code). */
function bonusFor(code: unknown, plan: DemoPlan): BonusCodeAnswer | Response | undefined {
  if (code === undefined || code === null || code === "") return undefined;
  if (typeof code !== "string") return badRequest();
  if (!BONUS_CODE_PATTERN.test(code)) return badRequest("BAD_NEW_BONUS_CODE");
  return applyBonusCode(code, plan);
}

function authToken(request: Request): string | null {
  const token = request.headers.get("X-Auth-Token") || request.headers.get("X-Access-Token");
  return token && token.length <= 4096 ? token : null;
}

/**
 * Where an add-on is placed: a personal server needs one of the server locations, a static IP
 * one of the countries of the geo list; any other plan takes none. The order keeps the place's
 * id and name. Anything else is the error answer.
 */
function addonLocation(
  plan: DemoPlan,
  raw: unknown,
): { id: string; name: string } | undefined | Response {
  const places =
    plan.product === "vpn-server"
      ? LOCATIONS.servers.map((place) => ({ id: place.id, name: place.name }))
      : plan.product === "static-ip"
        ? LOCATIONS.geo.map((place) => ({ id: place.code, name: place.name }))
        : null;
  if (places === null) {
    return raw === undefined || raw === null || raw === "" ? undefined : badRequest("NO_LOCATION");
  }
  if (typeof raw !== "string" || raw === "") return badRequest("LOCATION_REQUIRED");
  return places.find((place) => place.id === raw) ?? badRequest("UNKNOWN_LOCATION");
}

/**
 * The provider service's sales, purchase and VPN-location calls (SPEC §7) over the demo catalogue
 * of ../sales: prices, add-on services, offers, bonus codes, testimonials, purchase URLs that lead
 * to the sandbox payment page, and payment outcomes. Inputs are checked the way the real service
 * checks them (types, sizes, known ids); every POST it accepts is recorded.
 */
export function salesHandlers(brand: Brand, recorder: Recorder, orders: SandboxOrders) {
  const api = `*/api/${brand.provider}`;
  const demoAccount = maskEmail(`demo@${brand.supportEmail.split("@")[1] ?? "example.com"}`);

  /** A new order and the URL of its payment page, or the error answer. */
  function purchase(
    request: {
      id?: unknown;
      method?: unknown;
      code?: unknown;
      lang?: unknown;
      location?: unknown;
    },
    buyer: string,
    email: string,
  ): Response {
    if (!isPlanId(request.id)) return badRequest("INVALID_ID");
    const plan = planById(request.id);
    if (!plan) return notFound("PRICE_NOT_FOUND");
    if (typeof request.method !== "string") return badRequest("UNKNOWN_PAYMENT_METHOD");
    const method = request.method;
    if (!PAYMENT_METHODS.some((known) => known === method)) {
      return badRequest("UNKNOWN_PAYMENT_METHOD");
    }
    const bonus = bonusFor(request.code, plan);
    if (bonus instanceof Response) return bonus;
    if (bonus && !bonus.ok) return badRequest(bonus.error);
    const lang = isLangCode(request.lang) ? request.lang : undefined;
    const location = addonLocation(plan, request.location);
    if (location instanceof Response) return location;
    const order = orders.create({ plan, buyer, email, method, bonus, lang, location });
    return HttpResponse.json({ url: paymentPathFor(order), order: order.order });
  }

  /** The transaction id of a paid order (none for a free trial: nothing was charged). */
  const transactionIdOf = (order: SandboxOrder) =>
    order.status === "paid" && !order.trialEndsAt ? sandboxTransactionId(order.order) : undefined;

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

    http.post(
      `${api}/sales/price-list/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const list = body?.list;
        if (!Array.isArray(list) || !list.every(isPlanId)) return badRequest("INVALID_LIST");
        if (list.length > MAX_PRICE_LIST_IDS) return badRequest("TOO_MANY_IDS");
        recorder.record("sales.price-list", body);
        const plans = [...new Set(list)].flatMap((id) => {
          const plan = planById(id);
          return plan ? [publicPlan(plan)] : [];
        });
        return HttpResponse.json(plans);
      }),
    ),

    http.get(
      `${api}/sales/price/:id/`,
      safe(({ params }) => {
        const id = idParam(typeof params.id === "string" ? params.id : null);
        if (id === null) return badRequest("INVALID_ID");
        const plan = planById(id);
        return plan ? HttpResponse.json(publicPlan(plan)) : notFound("PRICE_NOT_FOUND");
      }),
    ),

    http.get(
      `${api}/sales/pricing-service/`,
      safe(() =>
        HttpResponse.json({
          services: PRICE_SERVICES.map((service) => ({
            service,
            plans: plansOfService(service).map(publicPlan),
          })),
        }),
      ),
    ),

    http.post(
      `${api}/sales/price-service/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const service = PRICE_SERVICES.find((known) => known === body?.service);
        if (!service) return badRequest("UNKNOWN_SERVICE");
        recorder.record("sales.price-service", body);
        return HttpResponse.json({ service, plans: plansOfService(service).map(publicPlan) });
      }),
    ),

    http.get(
      `${api}/sales/bonus/`,
      safe(() => HttpResponse.json({ offers: CATALOGUE.offers })),
    ),

    http.post(
      `${api}/sales/check-new-bonus-code/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body || typeof body.code !== "string" || !isPlanId(body.id)) return badRequest();
        if (body.email !== undefined && typeof body.email !== "string") return badRequest();
        recorder.record("sales.check-new-bonus-code", body);
        const plan = planById(body.id);
        if (!plan) return notFound("PRICE_NOT_FOUND");
        const answer = bonusFor(body.code, plan) ?? { ok: false, error: "BAD_NEW_BONUS_CODE" };
        if (answer instanceof Response) return answer;
        if (!answer.ok) return badRequest(answer.error);
        const { code, percent, cost, discount, total } = answer;
        return HttpResponse.json({
          code,
          id: plan.id,
          percent,
          cost,
          discount,
          total,
          currency: CURRENCY,
        });
      }),
    ),

    http.get(
      `${api}/sales/comments/`,
      safe(({ request }) => {
        const lang = new URL(request.url).searchParams.get("lang");
        const comments = (isLangCode(lang) ? COMMENTS[lang] : undefined) ?? COMMENTS.en ?? [];
        return HttpResponse.json(JSON.parse(fillPlaceholders(JSON.stringify({ comments }), brand)));
      }),
    ),

    // --- Add-ons and upgrades -------------------------------------------------------------
    // `check-upgrade-possibility/`: whether the signed-in visitor's account may buy the plan
    // (their token picks a demo account state, ../sales/upgrades.ts).
    http.post(
      `${api}/sales/check-upgrade-possibility/`,
      safe(async ({ request }) => {
        const token = authToken(request);
        if (!token) return fail(401, "EXPIRED_SESSION");
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body || !isPlanId(body.id)) return badRequest("INVALID_ID");
        recorder.record("sales.check-upgrade-possibility", body);
        if (!planById(body.id)) return notFound("PRICE_NOT_FOUND");
        return HttpResponse.json({ id: body.id, ...upgradeAnswerFor(token) });
      }),
    ),
    // --- End of add-ons and upgrades -------------------------------------------------------

    http.get(
      `${api}/purchase/cost/`,
      safe(({ request }) => {
        const query = new URL(request.url).searchParams;
        const id = idParam(query.get("id"));
        if (id === null) return badRequest("INVALID_ID");
        const plan = planById(id);
        if (!plan) return notFound("PRICE_NOT_FOUND");
        const bonus = bonusFor(query.get("code"), plan);
        if (bonus instanceof Response) return bonus;
        if (bonus && !bonus.ok) return badRequest(bonus.error);
        return HttpResponse.json({
          id,
          cost: plan.cost,
          discount: bonus?.discount ?? 0,
          total: bonus?.total ?? plan.cost,
          currency: CURRENCY,
          ...(bonus ? { code: bonus.code } : {}),
        });
      }),
    ),

    http.post(
      `${api}/purchase/url-with-email/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        if (!body) return badRequest();
        const email = body.email;
        if (!isEmailShaped(email)) return badRequest("INVALID_EMAIL");
        const consent = body.receiveMarketingEmails;
        if (consent !== undefined && typeof consent !== "boolean") return badRequest();
        if (body.lang !== undefined && !isLangCode(body.lang)) return badRequest();
        const answer = purchase(body, email.toLowerCase(), maskEmail(email.toLowerCase()));
        if (answer.ok) recorder.record("purchase.url-with-email", body);
        return answer;
      }),
    ),

    http.get(
      `${api}/purchase/url/`,
      safe(({ request }) => {
        const token = authToken(request);
        if (!token) return fail(401, "EXPIRED_SESSION");
        const query = new URL(request.url).searchParams;
        const answer = purchase(
          {
            id: idParam(query.get("id")),
            method: query.get("method"),
            code: query.get("code"),
            lang: query.get("lang"),
            location: query.get("location") ?? undefined,
          },
          token,
          demoAccount,
        );
        if (answer.ok) recorder.record("purchase.url", Object.fromEntries(query));
        return answer;
      }),
    ),

    http.post(
      `${api}/sales/check-payment-status/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const order = body?.order;
        if (typeof order !== "string" || !ORDER_ID.test(order)) return badRequest("INVALID_ORDER");
        recorder.record("sales.check-payment-status", body);
        const found = orders.check(order);
        if (!found) return notFound("ORDER_NOT_FOUND");
        return HttpResponse.json({ order, status: found.status });
      }),
    ),

    http.get(
      `${api}/purchase/success-info/`,
      safe(({ request }) => {
        const order = new URL(request.url).searchParams.get("order") ?? "";
        if (!ORDER_ID.test(order)) return badRequest("INVALID_ORDER");
        const found = orders.get(order);
        const plan = found && planById(found.planId);
        if (!found || !plan) return notFound("ORDER_NOT_FOUND");
        return HttpResponse.json({
          ...found,
          plan: publicPlan(plan),
          ...(transactionIdOf(found) ? { transactionId: transactionIdOf(found) } : {}),
        });
      }),
    ),

    http.get(
      `${api}/vpn/servers-locations-list/`,
      safe(() => HttpResponse.json({ locations: LOCATIONS.servers })),
    ),

    http.get(
      `${api}/vpn/geo-locations-list/`,
      safe(() => HttpResponse.json({ locations: LOCATIONS.geo })),
    ),

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
