import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import { CHECKOUT_FORM } from "./checkout-schema";
import { isSpam } from "~/forms/honeypot.server";
import { backTo, failureMessage } from "~/forms/pipeline.server";
import { M } from "~/forms/schemas";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { log } from "~/observability/log.server";
import { safeRedirectPath } from "~/http/redirects";
import { isUpstreamError } from "~/upstream/errors";
import { planIdOf } from "./bonus.server";
import { checkoutDraftCookie, draftOfPost } from "./checkout-draft.server";
import { SWITCH_FIELD } from "./plan-switch";
import { carriedBonus, checkoutRefusal } from "./checkout-refusal.server";
import { sellablePlan } from "./sellable.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** Every field read as it came, nothing required: what a refused switch gives back to the form. */
const AS_TYPED = z.object({}).passthrough();

/**
 * A switch refused (too many posts, the purchase no longer sold, the service down): the same
 * checkout again with the buyer's input, the bonus code the form carried still applied (from its
 * seal, never asked upstream) and the reason as the form's message.
 */
async function refuse(form: FormData, status: number, message: string) {
  const bonus = await carriedBonus(form, { ask: false, clientIp: undefined, auth: null });
  const result = parseWithZod(form, { schema: AS_TYPED }).reply({ formErrors: [message] });
  return checkoutRefusal(status, result, bonus);
}

/** Whether a checkout post is a switch to another period or plan (its submitter names one). */
export function isPlanSwitch(form: FormData): boolean {
  return form.get(SWITCH_FIELD) !== null;
}

/**
 * A switch to another period or plan from the checkout (one of its "other periods" or "other
 * plans" buttons, which post the checkout form): honeypot → the checkout's rate limit (429) → the
 * purchase id read by the rule of what is sold (404 and this checkout with its message when it
 * is not) → 303 to its checkout,
 * its query otherwise kept (a bonus code, a place), with what the buyer had typed in the draft
 * cookie (checkout-draft.server.ts). Nothing is bought and nothing is validated: the buyer has
 * not asked to pay yet.
 */
export async function planSwitchAction(
  form: FormData,
  request: Request,
  context: ActionFunctionArgs["context"],
) {
  if (isSpam(form)) {
    return redirect(backTo(request, CHECKOUT_FORM), { status: 303, headers: NO_STORE });
  }
  if (!(await consumeSharedAddressPost(CHECKOUT_FORM, context.clientIp))) {
    return refuse(form, 429, "api.TOO_MANY_REQUESTS");
  }
  const id = planIdOf(form.get(SWITCH_FIELD));
  let sellable;
  try {
    sellable = id === null ? null : await sellablePlan(id);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.error(`Checkout: the switch to ${id ?? "?"} could not be checked`, error);
    return refuse(form, 502, failureMessage(error));
  }
  // Not sold (any more): this checkout stays, saying so; its own plan is still for sale.
  if (!sellable) return refuse(form, 404, M.planUnavailable);
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.set("plan", String(sellable.plan.id));
  const code = form.get("code");
  if (typeof code === "string" && code.trim() !== "") url.searchParams.set("code", code.trim());
  return redirect(safeRedirectPath(`${url.pathname}${url.search}`), {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": checkoutDraftCookie(draftOfPost(form)) },
  });
}
