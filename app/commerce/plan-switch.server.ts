import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { consumeFormPost } from "~/forms/form-limit.server";
import { CHECKOUT_FORM } from "~/forms/form-ids";
import { isSpam } from "~/forms/honeypot.server";
import { backTo, failureMessage } from "~/forms/pipeline.server";
import { M } from "~/forms/schemas";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { log } from "~/observability/log.server";
import { safeRedirectPath } from "~/security/redirects";
import { isUpstreamError } from "~/upstream/errors";
import type { CheckoutReply } from "./bonus";
import { planIdOf } from "./bonus.server";
import { checkoutDraftCookie, draftOfPost } from "./checkout-draft.server";
import { SWITCH_FIELD } from "./plan-switch";
import { planUnavailable, sellablePlan } from "./sellable.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

function refuse(status: number, message: string) {
  const reply: CheckoutReply = {
    form: CHECKOUT_FORM,
    result: { status: "error", error: { "": [message] } },
    bonus: null,
  };
  return data(reply, { status, headers: NO_STORE });
}

/** Whether a checkout post is a switch to another period or plan (its submitter names one). */
export function isPlanSwitch(form: FormData): boolean {
  return form.get(SWITCH_FIELD) !== null;
}

/**
 * A switch to another period or plan from the checkout (one of its "other periods" or "other
 * plans" buttons, which post the checkout form): honeypot → the checkout's rate limit (429) → the
 * purchase id read by the rule of what is sold (404 when it is not) → 303 to its checkout,
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
  if (!(await consumeFormPost(CHECKOUT_FORM, context.clientIp))) {
    return refuse(429, "api.TOO_MANY_REQUESTS");
  }
  const id = planIdOf(form.get(SWITCH_FIELD));
  let sellable;
  try {
    sellable = id === null ? null : await sellablePlan(id);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.error(`Checkout: the switch to ${id ?? "?"} could not be checked`, error);
    return refuse(502, failureMessage(error));
  }
  if (!sellable) {
    return planUnavailable({ status: "error", error: { "": [M.planUnavailable] } });
  }
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
