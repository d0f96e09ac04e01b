import { getLanguage, type LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { getPage } from "~/upstream/coms.server";
import { isUpstreamError } from "~/upstream/errors";
import type { PricePlan } from "~/upstream/sales.schemas";
import type { Duration, DurationUnit } from "./duration";
import { billingText } from "./billing";
import { NO_SWITCH, type SwitchChoice, type SwitchChoices } from "./plan-switch";
import { formatMoney } from "./price";
import type { Plan } from "./plans";
import { pagePrices } from "./page-prices.server";
import { planOfPrice, productLineOf, purchaseSummary } from "./purchase-summary";

export type { SwitchChoices };

const DAYS: Readonly<Record<DurationUnit, number>> = {
  day: 1,
  week: 7,
  month: 30.44,
  year: 365.25,
};

/** About how many days a period lasts: shorter periods first, a lifetime last. */
function length(duration: Duration): number {
  return duration.kind === "lifetime"
    ? Number.POSITIVE_INFINITY
    : duration.count * DAYS[duration.unit];
}

/** What a plan is, whatever its period: kind, tier, members, users, devices, traffic. */
function variantKey(plan: Plan): string {
  return [plan.kind, plan.tier, plan.members, plan.users, plan.devices, plan.traffic].join("|");
}

/** Who a plan is for: a team's plans are offered only to teams, the others only to the rest. */
function audience(plan: Plan): string {
  return `${productLineOf(plan.kind)}|${plan.kind === "team" ? "team" : "home"}`;
}

function choice(plan: Plan, name: "period" | "variant", iso: string): SwitchChoice {
  const summary = purchaseSummary(plan);
  return {
    id: plan.id,
    label: summary[name],
    billed: billingText(summary, formatMoney(summary.costCents, iso)),
  };
}

/**
 * What the checkout of `plan` offers instead (SwitchChoices), from what the pricing page sells:
 * its pricing blocks' purchase ids, priced by the one `price-list` call the page makes
 * (pagePrices), both cached. A trial switches only to trials, a paid plan only to paid plans, a
 * team's plan only to team plans (and the rest never to one); a list with nothing but the plan
 * itself is empty. Nothing at all when the plan is not on the pricing page or the page or prices
 * cannot be had — the checkout then simply offers no switch.
 */
export async function switchChoices(plan: Plan, lang: LangCode): Promise<SwitchChoices> {
  let prices;
  try {
    prices = await pagePrices((await getPage(lang, "/pricing"))?.page.components ?? []);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.warn(`Checkout: no other periods or plans offered for plan ${plan.id}`, error);
    return NO_SWITCH;
  }
  if (!prices || !(plan.id in prices)) return NO_SWITCH;
  // Worked out once per price list (the same object until a price changes) and plan.
  let known = choicesByPrices.get(prices);
  if (!known) choicesByPrices.set(prices, (known = new Map()));
  const iso = getLanguage(lang).iso;
  const key = `${plan.id} ${iso}`;
  let choices = known.get(key);
  if (!choices) known.set(key, (choices = choicesAmong(plan, prices, iso)));
  return choices;
}

const choicesByPrices = new WeakMap<object, Map<string, SwitchChoices>>();

function choicesAmong(
  plan: Plan,
  prices: Readonly<Record<number, PricePlan>>,
  iso: string,
): SwitchChoices {
  const variant = variantKey(plan);
  const group = audience(plan);
  // The plan itself first: another id of the same variant and period never stands in for it.
  const periods = new Map<string, Plan>([[plan.periodKey, plan]]);
  const plans = new Map<string, Plan>([[variant, plan]]);
  for (const price of Object.values(prices)) {
    const read = planOfPrice(price);
    if (!read.ok || read.value.trial !== plan.trial) continue;
    const other = read.value;
    if (variantKey(other) === variant) {
      if (!periods.has(other.periodKey)) periods.set(other.periodKey, other);
    } else if (other.periodKey === plan.periodKey && audience(other) === group) {
      if (!plans.has(variantKey(other))) plans.set(variantKey(other), other);
    }
  }
  plans.delete(variant);
  return {
    periods:
      periods.size < 2
        ? []
        : [...periods.values()]
            .sort((a, b) => length(a.duration) - length(b.duration))
            .map((other) => choice(other, "period", iso)),
    plans: [...plans.values()]
      .sort((a, b) => a.costCents - b.costCents)
      .map((other) => choice(other, "variant", iso)),
  };
}
