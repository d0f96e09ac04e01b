import { HttpResponse, type HttpResponseResolver } from "msw";
import { BONUS_CODE_PATTERN } from "../../app/upstream/sales.schemas";
import { LOCATIONS, applyBonusCode, type BonusCodeAnswer, type DemoPlan } from "../sales/catalogue";
import { sandboxTransactionId, type SandboxOrder } from "../sales/orders";

/* What the sandbox shop's handlers (sales, outcome, card, wallet) share: body reading, error
 * answers, the plan as the service answers it, bonus codes and add-on places. */

/** The largest JSON body these endpoints read; a real gateway refuses bigger ones too. */
export const MAX_BODY_BYTES = 16 * 1024;

export type Body = Record<string, unknown>;

/** The body as a JSON object, "too-large", or null when it is not a JSON object. */
export async function readBody(request: Request): Promise<Body | "too-large" | null> {
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

export const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });
export const badRequest = (message = "BAD_REQUEST") => fail(400, message);
export const notFound = (message: string) => fail(404, message);

/** A handler that answers 500 instead of throwing, whatever it is sent. */
export function safe<P extends Record<string, string | readonly string[]>>(
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
export function publicPlan(plan: DemoPlan) {
  return { ...plan, info: { ...plan.info } };
}

/** A purchase id from a query or path parameter: digits only, no sign, no leading zero. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** A bonus code applied to a plan, or an error answer (a code of the wrong shape is a bad code). */
export function bonusFor(
  code: unknown,
  plan: DemoPlan,
  /** Who buys (account and typed e-mails): a referral code is refused to its own account. */
  buyers: readonly string[] = [],
): BonusCodeAnswer | Response | undefined {
  if (code === undefined || code === null || code === "") return undefined;
  if (typeof code !== "string") return badRequest();
  if (!BONUS_CODE_PATTERN.test(code)) return badRequest("BAD_NEW_BONUS_CODE");
  return applyBonusCode(code, plan, buyers);
}

export function authToken(request: Request): string | null {
  const token = request.headers.get("X-Auth-Token") || request.headers.get("X-Access-Token");
  return token && token.length <= 4096 ? token : null;
}

/**
 * Where an add-on is placed: a personal server needs one of the server locations, a static IP
 * one of the countries of the geo list; any other plan takes none. The order keeps the place's
 * id and name. Anything else is the error answer.
 */
export function addonLocation(
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

/** The transaction id of a paid order (none for a free trial: nothing was charged). */
export function transactionIdOf(order: SandboxOrder): string | undefined {
  return order.status === "paid" && !order.trialEndsAt
    ? sandboxTransactionId(order.order)
    : undefined;
}
