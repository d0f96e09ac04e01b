import { describe, expect, it } from "vitest";
import { planOffers, type PlanList } from "~/commerce/offers-ld.server";
import { formatMoney } from "~/commerce/price";
import { pricingView, type PricingItemContent } from "~/commerce/pricing-view";
import type { UiText } from "~/commerce/ui-text";

const PRICES = {
  101: { id: 101, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
  102: { id: 102, cost: 3588, description: "1 year", info: { type: "year", count: 1 } },
  104: { id: 104, cost: 14900, description: "100 years", info: { type: "lifetime", count: 1 } },
  105: { id: 105, cost: 898, description: "2 months", info: { type: "month", count: 2 } },
  108: { id: 108, cost: 199, description: "7 days", info: { type: "day", count: 7 } },
  109: { id: 109, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
  202: { id: 202, cost: 5988, description: "1 year", info: { type: "year", count: 1 } },
  301: { id: 301, cost: 49900, description: "100 years", info: { type: "lifetime", count: 1 } },
  401: { id: 401, cost: 299, description: "1 month", info: { type: "month", count: 1 } },
  900: { id: 900, cost: 100, description: "5 fortnights", info: { type: "fortnight", count: 5 } },
};

/**
 * UI texts as "key{values}", so a test sees which text was asked for; an offer's name as English
 * writes it ("Personal, Monthly").
 */
const text = (value: UiText | string) =>
  typeof value === "string"
    ? value
    : value.key === "commerce.offerName"
      ? `${value.values?.plan}, ${value.values?.period}`
      : `${value.key}${JSON.stringify(value.values ?? {})}`;

function list(
  items: PricingItemContent[],
  options: { periods?: [string, string][]; locale?: string } = {},
): PlanList {
  return {
    items,
    view: pricingView(items, PRICES, options.locale ?? "en"),
    periods: options.periods ? new Map(options.periods) : null,
    url: "https://www.keynest.test/pricing#plans",
  };
}

describe("planOffers", () => {
  it("offers each priced plan at what one purchase costs, per the period it pays for", () => {
    const offers = planOffers([list([{ purchaseId: 102, title: "Personal" }])], {
      prices: PRICES,
      text,
    });
    expect(offers).toEqual([
      {
        "@type": "Offer",
        name: 'Personal, commerce.duration.year{"count":1}',
        sku: "102",
        price: 35.88,
        priceCurrency: "USD",
        url: "https://www.keynest.test/pricing#plans",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: 35.88,
          priceCurrency: "USD",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "ANN" },
        },
      },
    ]);
  });

  it("names a plan under a period switch by the period's label, and skips a card under none", () => {
    const offers = planOffers(
      [
        list(
          [
            { purchaseId: 101, title: "Personal", period: "monthly" },
            { purchaseId: 202, kind: "family", members: 6, period: "yearly" },
            { purchaseId: 104, title: "Personal", period: "someday" },
          ],
          {
            periods: [
              ["monthly", "Monthly"],
              ["yearly", "Yearly"],
            ],
          },
        ),
      ],
      { prices: PRICES, text },
    );
    expect(offers.map((offer) => [offer.name, offer.sku])).toEqual([
      ["Personal, Monthly", "101"],
      ['commerce.plan.family{"count":6}, Yearly', "202"],
    ]);
  });

  it.each([
    [101, 1, "MON"],
    [105, 2, "MON"],
    [108, 7, "DAY"],
    [102, 1, "ANN"],
  ])("gives plan %i a price per %i %s", (id, value, unitCode) => {
    const [offer] = planOffers([list([{ purchaseId: id }])], { prices: PRICES, text });
    expect(offer).toMatchObject({
      priceSpecification: { referenceQuantity: { value, unitCode } },
    });
  });

  it("gives a one-off plan its price alone: nothing renews", () => {
    const [offer] = planOffers([list([{ purchaseId: 301, kind: "team", users: 5 }])], {
      prices: PRICES,
      text,
    });
    expect(offer).toMatchObject({ price: 499, priceCurrency: "USD" });
    expect(offer).not.toHaveProperty("priceSpecification");
  });

  it("leaves out plans shown without a price, trial variants, add-ons and repeats", () => {
    const offers = planOffers(
      [
        list([
          { purchaseId: 900 },
          { purchaseId: 777 },
          {},
          { purchaseId: 109, trial: true },
          { purchaseId: 401, kind: "vpnDevices", devices: 1 },
          { purchaseId: 101 },
        ]),
        list([{ purchaseId: 101 }, { purchaseId: 102 }]),
      ],
      { prices: PRICES, text },
    );
    expect(offers.map((offer) => offer.sku)).toEqual(["101", "102"]);
  });

  it("offers nothing when the price list could not be had", () => {
    expect(planOffers([list([{ purchaseId: 101 }])], { prices: null, text })).toEqual([]);
  });

  it.each(["en", "de", "ja", "zh"])(
    "prices each offer as the card's billing line does (%s)",
    (locale) => {
      const items: PricingItemContent[] = [
        { purchaseId: 101 },
        { purchaseId: 102 },
        { purchaseId: 104 },
        { purchaseId: 202, kind: "family", members: 6 },
      ];
      const shown = list(items, { locale });
      const offers = planOffers([shown], { prices: PRICES, text });
      expect(offers).toHaveLength(4);
      offers.forEach((offer, i) => {
        const card = shown.view.cards[i]!;
        expect(card.planId).toBe(Number(offer.sku));
        const money = formatMoney(Math.round(Number(offer.price) * 100), locale);
        expect(card.billing?.values?.price).toBe(money);
      });
    },
  );
});
