import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { upstream, type UpstreamAuth } from "./client.server";
import { UpstreamError, invalidInput } from "./errors";
import {
  PURCHASE_HASH_PATTERN,
  REDEEM_CODE_PATTERN,
  REDEEM_ERRORS,
  purchaseDetailSchema,
  redeemCodeSchema,
  redeemedSchema,
  trialAccrualSchema,
  type PurchaseDetail,
  type RedeemCodeInfo,
  type RedeemError,
  type Redeemed,
  type TrialAccrual,
} from "./outcome.schemas";
import { isEmailShaped, isPlanId } from "./sales.schemas";

/**
 * The provider service's calls behind the payment outcome pages, the free trial and code
 * redemption (SPEC §7). None is cached: each answer is about one buyer, order or code. A bad
 * input rejects with an UpstreamError 400 `INVALID_INPUT` and calls nothing.
 */

function providerPath(path: string): string {
  return `/${getConfig().brand.provider}/${path}`;
}

/**
 * `GET /{provider}/purchase-detail-by-hash/?hash=`: the order of a link the provider e-mailed
 * the buyer; null when the service does not know the hash (404).
 */
export async function getPurchaseDetailByHash(hash: string): Promise<PurchaseDetail | null> {
  const path = providerPath("purchase-detail-by-hash/");
  if (typeof hash !== "string" || !PURCHASE_HASH_PATTERN.test(hash)) {
    throw invalidInput(path, "hash");
  }
  try {
    return await upstream().request({ path, query: { hash }, schema: purchaseDetailSchema });
  } catch (error) {
    if (error instanceof UpstreamError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * `POST sales/trial-accrual/` with `{ id, email, receiveMarketingEmails, lang? }`: starts a
 * plan's free trial for an e-mail (lowercased here), without a payment method or a charge.
 */
export async function startTrial(
  input: { planId: number; email: string; receiveMarketingEmails: boolean; lang?: LangCode },
  auth?: UpstreamAuth | null,
): Promise<TrialAccrual> {
  const path = providerPath("sales/trial-accrual/");
  if (!isPlanId(input.planId)) throw invalidInput(path, "planId");
  const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  if (!isEmailShaped(email)) throw invalidInput(path, "email");
  return upstream().request({
    method: "POST",
    path,
    body: {
      id: input.planId,
      email,
      receiveMarketingEmails: input.receiveMarketingEmails,
      ...(input.lang ? { lang: input.lang } : {}),
    },
    schema: trialAccrualSchema,
    auth,
  });
}

export type RedeemResult<T> = ({ ok: true } & T) | { ok: false; error: RedeemError };

/** A refusal the service answers for a code (4xx with one of REDEEM_ERRORS), else rethrown. */
function refusal(error: unknown): { ok: false; error: RedeemError } {
  const key = error instanceof UpstreamError && error.statusCode < 500 ? error.code : undefined;
  const known = REDEEM_ERRORS.find((k) => k === key);
  if (known) return { ok: false, error: known };
  if (error instanceof UpstreamError && error.statusCode === 404) {
    return { ok: false, error: "INVALID_REDEEM_CODE" };
  }
  throw error;
}

/** A code as the visitor typed it: trimmed, upper case; null when it cannot be a code. */
export function normalizeRedeemCode(code: unknown): string | null {
  if (typeof code !== "string") return null;
  const trimmed = code.trim().toUpperCase();
  return REDEEM_CODE_PATTERN.test(trimmed) ? trimmed : null;
}

/**
 * `GET sales/redeem-code/?code=`: what a code gives (a gift or a redeem code, and its plan).
 * A code of the wrong shape is INVALID_REDEEM_CODE without a call.
 */
export async function getRedeemCode(code: string): Promise<RedeemResult<RedeemCodeInfo>> {
  const normalized = normalizeRedeemCode(code);
  if (!normalized) return { ok: false, error: "INVALID_REDEEM_CODE" };
  try {
    const info = await upstream().request({
      path: providerPath("sales/redeem-code/"),
      query: { code: normalized },
      schema: redeemCodeSchema,
    });
    return { ok: true, ...info };
  } catch (error) {
    return refusal(error);
  }
}

interface RedeemInput {
  code: string;
  email: string;
  lang?: LangCode;
}

async function redeem(
  path: string,
  input: RedeemInput,
  auth: UpstreamAuth | null | undefined,
): Promise<RedeemResult<Redeemed>> {
  const code = normalizeRedeemCode(input.code);
  if (!code) return { ok: false, error: "INVALID_REDEEM_CODE" };
  const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  if (!isEmailShaped(email)) throw invalidInput(path, "email");
  try {
    const answer = await upstream().request({
      method: "POST",
      path,
      body: { code, email, ...(input.lang ? { lang: input.lang } : {}) },
      schema: redeemedSchema,
      auth,
    });
    return { ok: true, ...answer };
  } catch (error) {
    return refusal(error);
  }
}

/** `POST sales/redeem-gift/` with `{ code, email, lang? }`: a gift applied to an account. */
export function redeemGift(input: RedeemInput, auth?: UpstreamAuth | null) {
  return redeem(providerPath("sales/redeem-gift/"), input, auth);
}

/** `POST purchase/redeem/` with `{ code, email, lang? }`: a redeem code applied to an account. */
export function redeemPurchaseCode(input: RedeemInput, auth?: UpstreamAuth | null) {
  return redeem(providerPath("purchase/redeem/"), input, auth);
}
