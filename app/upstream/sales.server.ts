import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { upstream, type UpstreamAuth } from "./client.server";
import { UpstreamError, invalidInput } from "./errors";
import {
  BONUS_CODE_ERRORS,
  BONUS_CODE_PATTERN,
  MAX_PRICE_LIST_IDS,
  ORDER_PATTERN,
  PRICE_SERVICES,
  bonusCodeSchema,
  commentsSchema,
  isEmailShaped,
  isPlanId,
  paymentStatusSchema,
  priceListSchema,
  pricePlanSchema,
  servicePricesSchema,
  upgradeSchema,
  type BonusCode,
  type BonusCodeError,
  type PaymentStatus,
  type PricePlan,
  type PriceService,
  type UpgradePossibility,
} from "./sales.schemas";

/**
 * The provider service's sales calls (SPEC §7, `/{provider}/sales/...`): prices, add-on services,
 * offers, bonus codes, testimonials and payment status. Inputs are checked before anything is
 * sent; a bad one rejects with an UpstreamError 400 `INVALID_INPUT` and calls nothing.
 */

function salesPath(path: string): string {
  return `/${getConfig().brand.provider}/sales/${path}`;
}

/**
 * `POST sales/price-list/` with `{ list }`: the plans of up to 50 purchase ids (duplicates are
 * asked once; ids the service does not know are left out of the answer). The answer is cached by
 * the sorted id list — it is the same for every visitor — so a page render costs no call when
 * fresh.
 */
export async function getPriceList(ids: readonly number[]): Promise<PricePlan[]> {
  const path = salesPath("price-list/");
  if (!Array.isArray(ids) || !ids.every(isPlanId)) throw invalidInput(path, "ids");
  const list = [...new Set(ids)].sort((a, b) => a - b);
  if (list.length > MAX_PRICE_LIST_IDS) throw invalidInput(path, "too many ids");
  if (list.length === 0) return [];
  const plans = await upstream().request({
    method: "POST",
    path,
    body: { list },
    schema: priceListSchema,
    cache: true,
    cacheKey: list.join(","),
  });
  const asked = new Set(list);
  const seen = new Set<number>();
  return plans.filter((plan) => asked.has(plan.id) && !seen.has(plan.id) && seen.add(plan.id));
}

/** `GET sales/price/:id/`: one plan; null when the service does not know the id. */
export async function getPrice(id: number): Promise<PricePlan | null> {
  if (!isPlanId(id)) throw invalidInput(salesPath("price/:id/"), "id");
  try {
    return await upstream().request({
      path: salesPath(`price/${id}/`),
      schema: pricePlanSchema,
      cache: true,
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * `POST sales/price-service/` with `{ service }`: one add-on service's plans — `VPNSERVER`
 * (the default) is the personal server and the static IP. Cached per service.
 */
export async function getServicePrices(service: PriceService = "VPNSERVER") {
  const path = salesPath("price-service/");
  if (!PRICE_SERVICES.includes(service)) throw invalidInput(path, "service");
  return upstream().request({
    method: "POST",
    path,
    body: { service },
    schema: servicePricesSchema,
    cache: true,
    cacheKey: service,
  });
}

export type BonusCodeResult = ({ ok: true } & BonusCode) | { ok: false; error: BonusCodeError };

/**
 * `POST sales/check-new-bonus-code/` with `{ code, id, email? }`: what the code takes off the
 * plan, or the error key of SPEC §8 for a code the service cannot apply. A code that cannot be
 * one (empty, over 64 characters, anything but letters, digits, `-` and `_`) is answered
 * BAD_NEW_BONUS_CODE here, without a call. Never cached: the answer can depend on the buyer.
 */
export async function checkBonusCode(
  input: { code: string; planId: number; email?: string },
  auth?: UpstreamAuth | null,
): Promise<BonusCodeResult> {
  const path = salesPath("check-new-bonus-code/");
  const code = typeof input.code === "string" ? input.code.trim() : "";
  if (!BONUS_CODE_PATTERN.test(code)) return { ok: false, error: "BAD_NEW_BONUS_CODE" };
  if (!isPlanId(input.planId)) throw invalidInput(path, "planId");
  if (input.email !== undefined && !isEmailShaped(input.email)) throw invalidInput(path, "email");
  try {
    const answer = await upstream().request({
      method: "POST",
      path,
      body: { code, id: input.planId, ...(input.email ? { email: input.email } : {}) },
      schema: bonusCodeSchema,
      auth,
    });
    return { ok: true, ...answer };
  } catch (error) {
    const key = error instanceof UpstreamError && error.statusCode < 500 ? error.code : undefined;
    const known = BONUS_CODE_ERRORS.find((k) => k === key);
    if (known) return { ok: false, error: known };
    throw error;
  }
}

/** `GET sales/comments/`: testimonials in a language (the service falls back to English). */
export function getComments(lang: LangCode) {
  return upstream().request({
    path: salesPath("comments/"),
    query: { lang },
    schema: commentsSchema,
    cache: true,
  });
}

/** `POST sales/check-payment-status/` with `{ order }`: paid, pending or failed. Never cached. */
export async function checkPaymentStatus(order: string): Promise<PaymentStatus> {
  const path = salesPath("check-payment-status/");
  if (typeof order !== "string" || !ORDER_PATTERN.test(order)) throw invalidInput(path, "order");
  return upstream().request({ method: "POST", path, body: { order }, schema: paymentStatusSchema });
}

/**
 * `POST sales/check-upgrade-possibility/` with `{ id }` and the signed-in visitor's tokens:
 * whether their account may buy the plan (an upgrade), or why not. Never cached.
 */
export async function checkUpgradePossibility(
  planId: number,
  auth: UpstreamAuth,
): Promise<UpgradePossibility> {
  const path = salesPath("check-upgrade-possibility/");
  if (!isPlanId(planId)) throw invalidInput(path, "planId");
  return upstream().request({
    method: "POST",
    path,
    body: { id: planId },
    schema: upgradeSchema,
    auth,
  });
}
