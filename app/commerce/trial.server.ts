import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { log } from "~/observability/log.server";
import { startTrial } from "~/upstream/outcome.server";
import { isEmailShaped } from "~/upstream/sales.schemas";
import type { CheckoutReply } from "./bonus";
import { isSpam } from "~/forms/honeypot.server";
import { subscribeFromPurchase } from "~/forms/newsletter.server";
import { CHECKOUT_FORM } from "./checkout-schema";
import { backTo, failureMessage } from "~/forms/pipeline.server";
import { M } from "~/forms/schemas";
import { ownOrderHref } from "./order-link.server";
import { planUnavailable, sellablePlan } from "./sellable.server";
import { TRIAL_FIELD, trialSchema } from "./trial";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** A checkout post that asks for the free trial (`trial` field present, whatever its value). */
export function isTrialPost(form: FormData): boolean {
  return form.has(TRIAL_FIELD);
}

function fail(status: number, result: SubmissionResult<string[]>) {
  return data({ form: CHECKOUT_FORM, result, bonus: null } satisfies CheckoutReply, {
    status,
    headers: NO_STORE,
  });
}

/**
 * A trial plan's checkout post (no JS needed): honeypot → rate limit (429) → zod (400) → the plan
 * re-read from the upstream and read by the rule of what is sold: one not sold answers the "not
 * available" page (404), one without a trial is refused (400) → `trial-accrual/`
 * → 303 to the success page with the trial's order, which says when the trial ends. Nothing is
 * bought: no payment method, no purchase call. A failing upstream answers 502 with the seed's
 * message.
 */
export async function trialFormAction(
  form: FormData,
  request: Request,
  context: ActionFunctionArgs["context"],
) {
  if (isSpam(form)) {
    log.warn("Trial post filled the honeypot: back to the checkout, nothing started");
    return redirect(backTo(request, CHECKOUT_FORM), { status: 303, headers: NO_STORE });
  }
  const submission = parseWithZod(form, { schema: trialSchema });
  if (!(await consumeSharedAddressPost(CHECKOUT_FORM, context.clientIp))) {
    return fail(429, submission.reply({ formErrors: ["api.TOO_MANY_REQUESTS"] }));
  }
  if (submission.status !== "success") return fail(400, submission.reply());
  const value = submission.value;
  if (!isEmailShaped(value.email)) {
    return fail(400, submission.reply({ fieldErrors: { email: [M.invalidEmail] } }));
  }
  const { lang } = splitLangPath(new URL(request.url).pathname);
  try {
    const sellable = await sellablePlan(value.plan);
    if (!sellable) return planUnavailable(submission.reply({ formErrors: [M.planUnavailable] }));
    const plan = sellable.price;
    if (!sellable.plan.trial || !plan.trialDays) {
      log.warn(`Trial post for plan ${value.plan}, which has no trial: refused`);
      return fail(400, submission.reply({ formErrors: ["redeem.trial.unavailable"] }));
    }
    // The consent is a newsletter subscription under its own rules, never the trial call's.
    const [trial] = await Promise.all([
      startTrial({ planId: plan.id, email: value.email, receiveMarketingEmails: false, lang }),
      value.marketing && subscribeFromPurchase(value.email, lang, context.clientIp),
    ]);
    const target = ownOrderHref(localizePath("/payment-success", lang), trial.order);
    return redirect(target, { status: 303, headers: NO_STORE });
  } catch (error) {
    log.error("Trial could not be started upstream", error);
    return fail(502, submission.reply({ formErrors: [failureMessage(error)] }));
  }
}
