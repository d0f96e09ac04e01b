import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config/config.server";
import type { AppliedBonus } from "./bonus";

/**
 * A seal on a bonus code the upstream accepted: the checkout form carries it beside the code, so
 * a refused post (invalid e-mail, rate limit, upstream failure) re-renders the page with the
 * discount the buyer saw — without asking the upstream again, which a rate-limited client must
 * not be able to make the site do. The seal only decides what the page *shows*: the purchase
 * itself always checks the code upstream again and sends nothing but the code.
 *
 * Format: `<base64url JSON>.<base64url HMAC-SHA256>`, keyed from SESSION_SECRET, bound to the
 * plan and valid for SEAL_TTL_MS.
 */

export const SEAL_TTL_MS = 30 * 60 * 1000;
/** Longer than any seal the site makes; anything longer is not even decoded. */
export const SEAL_MAX_LENGTH = 400;

interface SealBody {
  /** code, percent, cost, discount, total, plan id, expiry (ms since epoch) */
  c: string;
  p: number;
  k: number;
  d: number;
  t: number;
  i: number;
  e: number;
}

let cachedKey: { secret: string; key: Buffer } | null = null;

function sealKey(): Buffer {
  const secret = getConfig().sessionSecret;
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: createHmac("sha256", secret).update("checkout bonus seal").digest(),
    };
  }
  return cachedKey.key;
}

function sign(payload: string): string {
  return createHmac("sha256", sealKey()).update(payload).digest("base64url");
}

/** The seal of `bonus` on plan `planId`, valid until `now + SEAL_TTL_MS`. */
export function sealBonus(bonus: AppliedBonus, planId: number, now = Date.now()): string {
  const body: SealBody = {
    c: bonus.code,
    p: bonus.percent,
    k: bonus.cost,
    d: bonus.discount,
    t: bonus.total,
    i: planId,
    e: now + SEAL_TTL_MS,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

const isCents = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function isSealBody(value: unknown): value is SealBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.c === "string" &&
    body.c.length > 0 &&
    body.c.length <= 64 &&
    typeof body.p === "number" &&
    body.p >= 0 &&
    body.p <= 100 &&
    isCents(body.k) &&
    isCents(body.d) &&
    isCents(body.t) &&
    isCents(body.i) &&
    isCents(body.e)
  );
}

/**
 * The bonus a seal vouches for, when the seal is the site's own, unexpired, for `planId` and for
 * `code` (the code field posted beside it); else null. Never throws on junk.
 */
export function openBonusSeal(
  seal: unknown,
  planId: number,
  code: unknown,
  now = Date.now(),
): AppliedBonus | null {
  if (typeof seal !== "string" || seal.length > SEAL_MAX_LENGTH) return null;
  const [payload, signature, extra] = seal.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!isSealBody(body) || body.i !== planId || body.e <= now) return null;
  if (typeof code !== "string" || code.trim() !== body.c) return null;
  return { code: body.c, percent: body.p, cost: body.k, discount: body.d, total: body.t, seal };
}
