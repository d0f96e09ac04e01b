import { billingText } from "./billing";
import { formatMoney } from "./price";
import { planOfPrice } from "./purchase-summary";
import type { PricePlanInput } from "./plans";
import type { UiText } from "./ui-text";

/** One plan of a comparison table, ready to show: its name, price and checkout. */
export interface ComparisonColumn {
  title: string;
  /** "$35.88 billed yearly"; null when the plan cannot be priced (then it offers no button). */
  price: UiText | null;
  /** The purchase id to check out with; null when the plan is not sold. */
  planId: number | null;
}

/**
 * The columns of a comparison table from the page's price list: each plan's price as its billing
 * text in the page's locale, by the same rules as the plan cards, so the table and the cards
 * never disagree; a plan the list lacks or the rules refuse shows its name alone.
 */
export function comparisonColumns(
  plans: readonly { purchaseId?: number | undefined; title: string }[],
  prices: Readonly<Record<number, PricePlanInput>> | null,
  iso: string,
): ComparisonColumn[] {
  return plans.map(({ purchaseId, title }) => {
    const price = purchaseId === undefined ? undefined : prices?.[purchaseId];
    const plan = price ? planOfPrice(price) : null;
    if (!plan?.ok) return { title, price: null, planId: null };
    const amount = formatMoney(plan.value.costCents, iso);
    return { title, price: billingText(plan.value, amount), planId: plan.value.id };
  });
}
