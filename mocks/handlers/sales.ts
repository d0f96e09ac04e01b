import { http, HttpResponse } from "msw";
import { isLangCode } from "../../app/i18n/languages";
import {
  MAX_PRICE_LIST_IDS,
  PAYMENT_METHODS,
  PRICE_SERVICES,
  isEmailShaped,
  isPlanId,
} from "../../app/upstream/sales.schemas";
import { fillPlaceholders, type Brand } from "../content-store";
import type { SandboxAccounts } from "../auth/accounts";
import type { Recorder } from "../recorder";
import { COMMENTS, CURRENCY, LOCATIONS, planById, plansOfService } from "../sales/catalogue";
import { upgradeAnswerFor } from "../sales/upgrades";
import { ORDER_ID, maskEmail, paymentPathFor, type SandboxOrders } from "../sales/orders";
import { cardHandlers } from "./card";
import { outcomeHandlers } from "./outcome";
import {
  authToken,
  addonLocation,
  badRequest,
  bonusFor,
  fail,
  idParam,
  notFound,
  publicPlan,
  readBody,
  safe,
  transactionIdOf,
} from "./shop-kit";
import { walletHandlers } from "./wallet";

/**
 * The provider service's sales, purchase and VPN-location calls (SPEC §7) over the demo catalogue
 * of ../sales: prices, add-on services, bonus codes, testimonials, purchase URLs that lead
 * to the sandbox payment page, and payment outcomes. Inputs are checked the way the real service
 * checks them (types, sizes, known ids); every POST it accepts is recorded.
 */
export function salesHandlers(
  brand: Brand,
  recorder: Recorder,
  orders: SandboxOrders,
  accounts: SandboxAccounts,
) {
  const api = `*/api/${brand.provider}`;

  /** The e-mail of the account whose token the request carries (a signed-in buyer), or null. */
  const accountEmail = (request: Request): string | null =>
    accounts.accountOf(authToken(request))?.email ?? null;

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
    /** The signed-in buyer's account e-mail, when the request carried its token. */
    account: string | null = null,
  ): Response {
    if (!isPlanId(request.id)) return badRequest("INVALID_ID");
    const plan = planById(request.id);
    if (!plan) return notFound("PRICE_NOT_FOUND");
    if (typeof request.method !== "string") return badRequest("UNKNOWN_PAYMENT_METHOD");
    const method = request.method;
    if (!PAYMENT_METHODS.some((known) => known === method)) {
      return badRequest("UNKNOWN_PAYMENT_METHOD");
    }
    const bonus = bonusFor(request.code, plan, account ? [buyer, account] : [buyer]);
    if (bonus instanceof Response) return bonus;
    if (bonus && !bonus.ok) return badRequest(bonus.error);
    const lang = isLangCode(request.lang) ? request.lang : undefined;
    const location = addonLocation(plan, request.location);
    if (location instanceof Response) return location;
    const order = orders.create({ plan, buyer, email, method, bonus, lang, location });
    return HttpResponse.json({ url: paymentPathFor(order), order: order.order });
  }

  return [
    ...outcomeHandlers(api, recorder, orders),
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
        const buyers = [accountEmail(request), body.email].filter(
          (who): who is string => typeof who === "string",
        );
        const answer = bonusFor(body.code, plan, buyers) ?? {
          ok: false,
          error: "BAD_NEW_BONUS_CODE",
        };
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
        const answer = purchase(
          body,
          email.toLowerCase(),
          maskEmail(email.toLowerCase()),
          accountEmail(request),
        );
        if (answer.ok) recorder.record("purchase.url-with-email", body);
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

    ...cardHandlers(api, recorder, orders, purchase),
    ...walletHandlers(api, recorder, orders),
  ];
}
