import type { Duration } from "./duration";
import { renews, type PaymentMethodId } from "./payment-methods";
import type { Plan } from "./plans";
import { uiText, type UiText } from "./ui-text";

/**
 * The texts around a price (SPEC §4 renewal and trial, §9 billing periods and guarantees), as
 * UI-string keys with their values; the page translates them. `price` is the already formatted
 * amount (see `formatMoney`).
 */

/** SPEC §9: 30-day money-back guarantee. */
const MONEY_BACK_DAYS = 30;

/** "1 month", "3 years", "Lifetime". */
export function durationLabel(duration: Duration): UiText {
  return duration.kind === "lifetime"
    ? uiText("commerce.duration.lifetime")
    : uiText(`commerce.duration.${duration.unit}`, { count: duration.count });
}

/** "Save 75%"; null when there is no saving to claim. */
export function savingsText(percent: number | null): UiText | null {
  return percent === null ? null : uiText("commerce.price.save", { percent });
}

/** "$9.99 billed monthly", "$29.99 billed every 3 months", "$199.99 one-off payment". */
export function billingText(plan: Pick<Plan, "billing">, price: string): UiText {
  const billing = plan.billing;
  switch (billing.kind) {
    case "everyMonths":
    case "everyYears":
      return uiText(`commerce.billing.${billing.kind}`, { price, count: billing.count });
    default:
      return uiText(`commerce.billing.${billing.kind}`, { price });
  }
}

/**
 * What happens when the period ends. One-off plans: nothing to renew. A method that does not
 * renew (Bitpay and the like, SPEC §4) must be extended by hand. A free trial is started without
 * a payment method (SPEC §4), so nothing is charged when it ends: its text says so. Otherwise the
 * plan renews unless renewal is switched off at least 24 hours before the period ends. With no
 * method chosen yet, the text for renewing methods is shown — the usual case.
 */
export function renewalText(
  plan: Pick<Plan, "billing" | "trial">,
  method: PaymentMethodId | null = null,
): UiText {
  if (plan.billing.kind === "oneOff") return uiText("commerce.renewal.oneOff");
  if (method && !renews(method)) return uiText("commerce.renewal.manual");
  return uiText(plan.trial ? "commerce.renewal.afterTrial" : "commerce.renewal.auto");
}

/** "30-day money-back guarantee". */
export function moneyBackText(): UiText {
  return uiText("commerce.moneyBack", { count: MONEY_BACK_DAYS });
}

/** "7-day free trial" and the no-charge line under it; null for plans without a trial. */
export function trialTexts(
  plan: Pick<Plan, "trial" | "trialDays">,
): { badge: UiText; note: UiText } | null {
  if (!plan.trial) return null;
  return {
    badge: uiText("commerce.trial.badge", { count: plan.trialDays }),
    note: uiText("commerce.trial.noCharge", { count: plan.trialDays }),
  };
}
