import { planFromPrice, type Plan, type PlanError, type PlanTraits } from "./plans";
import { displayPrice, savingsPercent, type DisplayPrice } from "./price";
import { traitsOfPrice, type PricePlanWithTraits } from "./purchase-summary";

/** One plan as a pricing block describes it: its purchase id and what kind of plan it is. */
export interface PricingItem extends PlanTraits {
  purchaseId?: number;
  purchaseID?: number;
}

export type PricingCard =
  | { id: number; plan: Plan; price: DisplayPrice; savings: number | null; error: null }
  | { id: number | null; plan: null; price: null; savings: null; error: PlanError | null };

/** Whether a pricing block item says what kind of plan its id is. */
function namesTraits(item: PricingItem): boolean {
  const { kind, tier, trial, members, users, devices, traffic } = item;
  return [kind, tier, trial, members, users, devices, traffic].some((trait) => trait !== undefined);
}

/** The purchase id of an item, whichever spelling the content used. */
function purchaseIdOf(item: PricingItem): number | null {
  return item.purchaseId ?? item.purchaseID ?? null;
}

/**
 * The cards of a pricing block: each item priced from the page's price list by the SPEC §9
 * rules, with its saving against a 1-month plan of the same product in the same block. An item
 * whose id is missing, unknown to the price list or refused by the plan rules gets no price (and
 * no buy button) — never a wrong one; `error` says why, for the server log.
 */
export function pricingCards(
  items: readonly PricingItem[],
  prices: Readonly<Record<number, PricePlanWithTraits>> | null,
): PricingCard[] {
  const parsed = items.map((item): PricingCard => {
    const id = purchaseIdOf(item);
    const price = id !== null && prices ? prices[id] : undefined;
    if (id === null || !price) {
      return { id, plan: null, price: null, savings: null, error: null };
    }
    // The content says what the id is; an item that says nothing takes the price plan's own.
    const plan = planFromPrice(price, namesTraits(item) ? item : (traitsOfPrice(price) ?? item));
    if (!plan.ok) return { id, plan: null, price: null, savings: null, error: plan.error };
    return { id, plan: plan.value, price: displayPrice(plan.value), savings: null, error: null };
  });
  const plans = parsed.flatMap((card) => (card.plan ? [card.plan] : []));
  return parsed.map((card) => {
    if (!card.plan) return card;
    const plan = card.plan;
    const savings = plans.reduce<number | null>(
      (found, reference) => found ?? savingsPercent(plan, reference),
      null,
    );
    return { ...card, savings };
  });
}
