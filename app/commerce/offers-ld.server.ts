/**
 * The plans a page sells as schema.org offers, from the same price list and the same rules its
 * pricing cards are made with, so an offer's price is the one the page shows and cannot drift.
 */
import type { Offer, UnitPriceSpecification } from "schema-dts";
import type { Duration } from "./duration";
import type { Plan, PlanKind, PricePlanInput } from "./plans";
import { DEFAULT_CURRENCY, splitCents } from "./price";
import { pricingCards } from "./pricing-cards";
import type { PricingItemContent, PricingView } from "./pricing-view";
import { uiText, type UiText } from "./ui-text";

/** Plans of the password manager itself; the VPN's add-ons are another product's. */
const OWN_KINDS: ReadonlySet<PlanKind> = new Set(["personal", "family", "team"]);

/** UN/CEFACT unit codes of the periods a plan is paid for. */
const UNIT_CODES: Readonly<Record<Exclude<Duration, { kind: "lifetime" }>["unit"], string>> = {
  day: "DAY",
  week: "WEE",
  month: "MON",
  year: "ANN",
};

/** One list of plans as a pricing block shows it. */
export interface PlanList {
  /** The plans as the block names them: the items its view was made from. */
  items: readonly PricingItemContent[];
  /** The cards the page renders from them. */
  view: PricingView;
  /**
   * What the list shows beside a plan's name: under a period switch, the label of the period
   * each card is shown under (a card under none is not shown at all); otherwise its duration.
   */
  periods: ReadonlyMap<string, string> | null;
  /** The absolute URL of the page (and the list's place on it). */
  url: string;
}

export interface OffersContext {
  /** The page's price list, as its pricing blocks were priced with it. */
  prices: Readonly<Record<number, PricePlanInput>> | null;
  /** A UI text (or content text) as the page writes it in its language. */
  text: (text: UiText | string) => string;
}

/**
 * What a plan costs per period, for a plan that renews: the price of one purchase and the period
 * it pays for ("35.88 USD per 1 year"). A one-off plan has none: its offer's price says it all.
 * No billing duration is claimed: a plan renews until it is cancelled.
 */
function perPeriod(plan: Plan, price: number): UnitPriceSpecification | null {
  if (plan.billing.kind === "oneOff" || plan.duration.kind === "lifetime") return null;
  return {
    "@type": "UnitPriceSpecification",
    price,
    priceCurrency: DEFAULT_CURRENCY,
    referenceQuantity: {
      "@type": "QuantitativeValue",
      value: plan.duration.count,
      unitCode: UNIT_CODES[plan.duration.unit],
    },
  };
}

/**
 * An offer per plan the page shows with a price, in page order, each plan once: its name as the
 * page shows it (the card's title or plan name, with the period it is listed under), what one
 * purchase costs, and what that pays for. Plans shown without a price (refused, missing from the
 * price list), trial variants and the VPN's add-ons give none.
 */
export function planOffers(lists: readonly PlanList[], context: OffersContext): Offer[] {
  const seen = new Set<number>();
  const offers: Offer[] = [];
  for (const list of lists) {
    const cards = pricingCards(list.items, context.prices);
    list.view.cards.forEach((shown, index) => {
      const plan = cards[index]?.plan;
      if (!plan || !shown.price || shown.planId !== plan.id || seen.has(plan.id)) return;
      if (!OWN_KINDS.has(plan.kind) || plan.trial) return;
      const period = list.periods
        ? (list.periods.get(shown.period ?? "") ?? null)
        : shown.duration
          ? context.text(shown.duration)
          : "";
      if (period === null) return;
      const name = context.text(shown.title ?? shown.name ?? "");
      const price = Number(splitCents(plan.costCents).text);
      const spec = perPeriod(plan, price);
      seen.add(plan.id);
      offers.push({
        "@type": "Offer",
        name: period ? context.text(uiText("commerce.offerName", { plan: name, period })) : name,
        sku: String(plan.id),
        price,
        priceCurrency: DEFAULT_CURRENCY,
        url: list.url,
        ...(spec ? { priceSpecification: spec } : {}),
      });
    });
  }
  return offers;
}
