import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { getUpstreamAuth } from "~/account/session.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { log } from "~/observability/log.server";
import type { UpstreamAuth } from "~/upstream/client.server";
import { checkBonusCode } from "~/upstream/sales.server";
import { sealBonus } from "./bonus-seal.server";
import { checkCode, TRIES_SPENT } from "~/forms/limits/guesses.server";
import { isSpam } from "~/forms/honeypot.server";
import { backTo, failureMessage } from "~/forms/pipeline.server";
import { BONUS_FORM, normalizeBonusCode, type AppliedBonus, type CheckoutReply } from "./bonus";
import { M } from "~/forms/schemas";

export { BONUS_FORM, type AppliedBonus, type CheckoutReply };

/** What checking a code gave: applied, or the UI-string key of why not (and its status). */
export type BonusOutcome =
  { ok: true; bonus: AppliedBonus } | { ok: false; status: 400 | 429 | 502; message: string };

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * Who a code is checked for: the buyer's e-mail when known, the address the try counts on, and a
 * signed-in buyer's account (the service refuses, e.g., one's own referral code on it).
 */
export interface BonusCheck {
  email?: string;
  clientIp: string | undefined;
  auth?: UpstreamAuth | null;
}

/**
 * A code as typed, checked for a plan: malformed (too long, odd characters, empty) → SPEC §5's
 * message without any upstream call; else `sales/check-new-bonus-code/` under the bonus codes'
 * guess limits (per address and site-wide: 429 without a call when spent), whose refusals are
 * told by their `api.*` text. A failing upstream: 502 with the seed's message. Every way a code
 * reaches the upstream — the box, the checkout post, a `?code=` link — comes through here.
 */
export async function resolveBonusCode(
  raw: string,
  planId: number,
  { email, clientIp, auth = null }: BonusCheck,
): Promise<BonusOutcome> {
  const code = normalizeBonusCode(raw);
  if (!code) return { ok: false, status: 400, message: M.bonusCodeInvalid };
  try {
    const answer = await checkCode(
      "bonus",
      clientIp,
      () => checkBonusCode({ code, planId, ...(email ? { email } : {}) }, auth),
      (result) => !result.ok,
    );
    if (answer === TRIES_SPENT) return { ok: false, status: 429, message: "api.TOO_MANY_REQUESTS" };
    if (!answer.ok) return { ok: false, status: 400, message: `api.${answer.error}` };
    const { percent, cost, discount, total } = answer;
    const bonus: AppliedBonus = { code: answer.code, percent, cost, discount, total };
    return { ok: true, bonus: { ...bonus, seal: sealBonus(bonus, planId) } };
  } catch (error) {
    log.error("Bonus code could not be checked upstream", error);
    return { ok: false, status: 502, message: failureMessage(error) };
  }
}

/** `?plan=` / the `plan` field: a purchase id, else null. */
export function planIdOf(raw: unknown): number | null {
  return typeof raw === "string" && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

function reply(status: number, result: SubmissionResult<string[]>, bonus: AppliedBonus | null) {
  return data({ form: BONUS_FORM, result, bonus } satisfies CheckoutReply, {
    status,
    headers: NO_STORE,
  });
}

/**
 * The bonus code box's post (`_form=bonus`): honeypot (back to the checkout, nothing checked) →
 * rate limit (429, per address for this form alone) → the code's shape (400, no upstream call) →
 * the upstream's check under the guess limits. A code that holds re-renders the checkout (200) with the discount and the
 * new total; every refusal re-renders it with the message and the code as typed.
 */
export async function bonusAction(form: FormData, request: Request, context: AppLoadContext) {
  if (isSpam(form)) {
    log.warn("Bonus code post filled the honeypot: back to the checkout, nothing checked");
    return redirect(backTo(request, BONUS_FORM), { status: 303, headers: NO_STORE });
  }
  const rawCode = form.get("code");
  const typed = typeof rawCode === "string" ? rawCode.slice(0, 200) : "";
  const rawPlan = form.get("plan");
  const initialValue = { code: typed, plan: typeof rawPlan === "string" ? rawPlan : "" };
  const error = (status: number, message: string) =>
    reply(status, { status: "error", initialValue, error: { code: [message] } }, null);

  if (!(await consumeSharedAddressPost(BONUS_FORM, context.clientIp)))
    return error(429, "api.TOO_MANY_REQUESTS");
  const planId = planIdOf(rawPlan);
  if (planId === null) return error(400, M.planUnavailable);
  const outcome = await resolveBonusCode(typed, planId, {
    clientIp: context.clientIp,
    auth: await getUpstreamAuth(request),
  });
  if (!outcome.ok) return error(outcome.status, outcome.message);
  return reply(200, { status: "success", initialValue }, outcome.bonus);
}
