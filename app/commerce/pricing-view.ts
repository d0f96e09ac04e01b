import {
  billingText,
  durationLabel,
  moneyBackText,
  renewalText,
  savingsText,
  trialTexts,
} from "./billing";
import { planName, type Plan, type PlanError } from "./plans";
import { planOfPrice } from "./purchase-summary";
import { formatMoney, moneyParts, type MoneyParts, type PriceBasis } from "./price";
import { pricingCards, type PricingItem } from "./pricing-cards";
import type { PricePlanInput } from "./plans";
import { uiText, type UiText } from "./ui-text";

/** What a pricing block item says beyond the plan: its own title, badge, features, emphasis. */
export interface PricingItemContent extends PricingItem {
  /** The purchase id of the plan's free-trial variant. */
  trialId?: number;
  title?: string;
  summary?: string;
  badge?: string;
  highlight?: boolean;
  text?: string;
  /** The period of a period switch the plan is shown under. */
  period?: string;
}

/**
 * One plan card, ready to show: every text a UI-string key with its values, or already formatted
 * for the page's locale. The browser renders it without the price rules (they run on the server).
 */
export interface PlanCardView {
  title: string | null;
  name: UiText | null;
  /** Who the plan is for ("For one person"). */
  summary: string | null;
  period: string | null;
  badge: string | UiText | null;
  highlight: boolean;
  text: string | null;
  duration: UiText | null;
  /** The amount split so the cents can be styled apart, and what it is per. */
  price: (MoneyParts & { basis: PriceBasis }) | null;
  savings: UiText | null;
  billing: UiText | null;
  /** What a team plan comes to per user, so teams of different sizes compare. */
  perUser: UiText | null;
  trialNote: UiText | null;
  /** The purchase id to check out with; null when the plan cannot be sold (no price). */
  planId: number | null;
  /** The plan's free-trial variant, when the price list confirms it is one of this plan. */
  trial: { planId: number; days: number } | null;
}

export interface PricingView {
  cards: PlanCardView[];
  /** Under the cards: the money-back guarantee and how the plans renew. */
  notes: UiText[];
  /** Plans that could not be priced, for the server log. */
  refused: PlanError[];
}

/**
 * The free-trial variant a card offers: the content names its purchase id, and the price list
 * must confirm it is a trial of the same kind and period (a trial of 1 month beside the 1-month
 * plan), else no trial is offered — never a "free trial" link that leads to a charge.
 */
function trialOffer(
  plan: Plan,
  trialId: number | undefined,
  prices: Readonly<Record<number, PricePlanInput>> | null,
): { planId: number; days: number } | null {
  const price = trialId === undefined || !prices ? undefined : prices[trialId];
  if (!price || plan.trial) return null;
  const trial = planOfPrice(price);
  if (!trial.ok || !trial.value.trial) return null;
  const same = trial.value.kind === plan.kind && trial.value.periodKey === plan.periodKey;
  return same ? { planId: trial.value.id, days: trial.value.trialDays } : null;
}

/** "$99.80 per user" for a team plan (its cost shared by its users, to the cent); else null. */
function perUserText(plan: Plan, locale: string): UiText | null {
  if (plan.kind !== "team" || !plan.users) return null;
  const cents = Math.round(plan.costCents / plan.users);
  return uiText("commerce.pricing.perUser", { price: formatMoney(cents, locale) });
}

/** The cards of a pricing block for one locale, by the SPEC §9 rules. */
export function pricingView(
  items: readonly PricingItemContent[],
  prices: Readonly<Record<number, PricePlanInput>> | null,
  locale: string,
): PricingView {
  const cards = pricingCards(items, prices);
  const refused: PlanError[] = [];
  const views = items.map((item, i): PlanCardView => {
    const card = cards[i]!;
    if (card.error) refused.push(card.error);
    const plan = card.plan;
    const trial = plan ? trialTexts(plan) : null;
    return {
      title: item.title ?? null,
      name: plan ? planName(plan) : null,
      summary: item.summary ?? null,
      period: item.period ?? null,
      badge: item.badge ?? trial?.badge ?? null,
      highlight: item.highlight === true,
      text: item.text ?? null,
      duration: plan ? durationLabel(plan.duration) : null,
      price:
        plan && card.price
          ? { ...moneyParts(card.price.amountCents, locale), basis: card.price.basis }
          : null,
      savings: card.savings === null ? null : savingsText(card.savings),
      billing: plan ? billingText(plan, formatMoney(plan.costCents, locale)) : null,
      perUser: plan ? perUserText(plan, locale) : null,
      trialNote: trial?.note ?? null,
      planId: plan && card.price ? plan.id : null,
      trial: plan ? trialOffer(plan, item.trialId, prices) : null,
    };
  });
  const renews = cards.find((card) => card.plan)?.plan;
  return {
    cards: views,
    notes: renews ? [moneyBackText(), renewalText(renews)] : [moneyBackText()],
    refused,
  };
}
