import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { CHECKOUT_FORM } from "./checkout-schema";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { log } from "~/observability/log.server";
import { getPrice } from "~/upstream/sales.server";
import type { PricePlan } from "~/upstream/sales.schemas";
import type { CheckoutReply } from "./bonus";
import { planErrorText, type Plan } from "./plans";
import { planOfPrice } from "./purchase-summary";

/**
 * The one rule of what the site sells: a purchase id is sold when the provider service knows its
 * price and the price rules read it as a plan (a known product, period and kind). The checkout
 * page, its post, the card step and the free trial all ask here, so a plan the page refuses can
 * never be bought by posting its id.
 */

/** A plan the site sells: the service's price and the plan the rules read from it. */
export interface SellablePlan {
  price: PricePlan;
  plan: Plan;
}

/**
 * The plan `id` as sold, or null when it is not: unknown to the service, or refused by the price
 * rules (logged, once per refusal, with the reason). A failing service throws (UpstreamError):
 * the caller answers with the seed's message, not "not available".
 */
export async function sellablePlan(id: number): Promise<SellablePlan | null> {
  const price = await getPrice(id);
  if (!price) return null;
  const plan = planOfPrice(price);
  if (!plan.ok) {
    log.warn(`Plan ${id} is not sold: ${planErrorText(plan.error)}`);
    return null;
  }
  return { price, plan: plan.value };
}

/**
 * The answer to a checkout or trial post whose plan is not sold: 404 and the page that says so,
 * as the checkout's own URL answers for that plan, whichever path (hosted page, card step,
 * trial) the post took.
 */
export function planUnavailable(result: SubmissionResult<string[]>) {
  const reply: CheckoutReply = { form: CHECKOUT_FORM, result, bonus: null, unavailable: true };
  return data(reply, { status: 404, headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
