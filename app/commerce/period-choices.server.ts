import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { getPage } from "~/upstream/coms.server";
import { getPriceList } from "~/upstream/sales.server";
import type { Duration, DurationUnit } from "./duration";
import type { Plan } from "./plans";
import { collectPurchaseIds } from "./purchase-ids";
import { planOfPrice, purchaseSummary } from "./purchase-summary";
import type { PeriodChoice } from "./period-switch";

export type { PeriodChoice };

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

/** The same product and variant: kind, tier, members, users, devices, traffic, trial or not. */
function samePlan(a: Plan, b: Plan): boolean {
  return (
    a.kind === b.kind &&
    a.tier === b.tier &&
    a.members === b.members &&
    a.users === b.users &&
    a.devices === b.devices &&
    a.traffic === b.traffic &&
    a.trial === b.trial
  );
}

/**
 * The periods the pricing page sells `plan` for (its pricing blocks' purchase ids, priced by the
 * one `price-list` call the page makes, both cached), the plan itself among them, in order of
 * length; none when there is no other period to choose or the pricing page or prices cannot be
 * had — the checkout then simply offers no switch.
 */
export async function periodChoices(plan: Plan, lang: LangCode): Promise<PeriodChoice[]> {
  try {
    const pricing = await getPage(lang, "/pricing");
    const ids = collectPurchaseIds(pricing?.page.components ?? []);
    if (!ids.includes(plan.id)) return [];
    const seen = new Set<string>();
    const choices: (PeriodChoice & { length: number })[] = [];
    for (const price of await getPriceList(ids)) {
      const read = planOfPrice(price);
      if (!read.ok || !samePlan(read.value, plan) || seen.has(read.value.periodKey)) continue;
      seen.add(read.value.periodKey);
      choices.push({
        id: read.value.id,
        summary: purchaseSummary(read.value),
        length: length(read.value.duration),
      });
    }
    if (choices.length < 2) return [];
    return choices.sort((a, b) => a.length - b.length).map(({ id, summary }) => ({ id, summary }));
  } catch (error) {
    log.warn(`Checkout: no other periods offered for plan ${plan.id}`, error);
    return [];
  }
}
