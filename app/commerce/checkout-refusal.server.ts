import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { CHECKOUT_FORM } from "./checkout-schema";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import type { UpstreamAuth } from "~/upstream/client.server";
import { openBonusSeal } from "./bonus-seal.server";
import { planIdOf, resolveBonusCode, type AppliedBonus, type CheckoutReply } from "./bonus.server";

/**
 * A refused checkout post's answer: the checkout again (private), with the buyer's input and the
 * messages in `result`, and the bonus code it carried still applied.
 */
export function checkoutRefusal(
  status: number,
  result: SubmissionResult<string[]>,
  bonus: AppliedBonus | null = null,
) {
  return data({ form: CHECKOUT_FORM, result, bonus } satisfies CheckoutReply, {
    status,
    headers: { "Cache-Control": PRIVATE_NO_STORE },
  });
}

/**
 * The code a refused checkout post carried, so the page it re-renders still shows the discount the
 * buyer saw: from the form's seal when it holds (no upstream call), else checked again — unless
 * the post was refused for its rate, when nothing is asked upstream (the code stays in the form
 * and is checked with the next post either way).
 */
export async function carriedBonus(
  form: FormData,
  {
    ask = true,
    clientIp,
    auth,
  }: { ask?: boolean; clientIp: string | undefined; auth: UpstreamAuth | null },
): Promise<AppliedBonus | null> {
  const code = form.get("code");
  const planId = planIdOf(form.get("plan"));
  if (typeof code !== "string" || code.trim() === "" || planId === null) return null;
  const sealed = openBonusSeal(form.get("seal"), planId, code);
  if (sealed || !ask) return sealed;
  const outcome = await resolveBonusCode(code, planId, { clientIp, auth });
  return outcome.ok ? outcome.bonus : null;
}
