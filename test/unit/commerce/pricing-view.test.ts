import { describe, expect, it } from "vitest";
import { pricingView } from "~/commerce/pricing-view";

const PRICES = {
  109: { id: 109, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
  104: { id: 104, cost: 14900, description: "100 years", info: { type: "lifetime", count: 1 } },
  900: { id: 900, cost: 100, description: "5 fortnights", info: { type: "fortnight", count: 5 } },
};

describe("pricingView", () => {
  it("gives the browser finished texts: money for the locale, keys for the rest", () => {
    const view = pricingView(
      [
        { purchaseId: 109, trial: true, highlight: true },
        { purchaseId: 104, title: "Lifetime", badge: "Best deal", text: "<p>All of it</p>" },
      ],
      PRICES,
      "de",
    );
    expect(view.cards[0]).toEqual({
      title: null,
      name: { key: "commerce.tiers.standard.name" },
      summary: null,
      period: null,
      badge: { key: "commerce.trial.badge", values: { count: 7 } },
      highlight: true,
      text: null,
      duration: { key: "commerce.duration.month", values: { count: 1 } },
      price: { main: "4", fraction: ",99", suffix: "\u00a0$", basis: "month" },
      savings: null,
      billing: { key: "commerce.billing.monthly", values: { price: "4,99\u00a0$" } },
      perUser: null,
      trialNote: { key: "commerce.trial.noCharge", values: { count: 7 } },
      planId: 109,
      trial: null,
    });
    expect(view.cards[1]).toMatchObject({
      title: "Lifetime",
      badge: "Best deal",
      text: "<p>All of it</p>",
      price: { basis: "total", main: "149" },
      planId: 104,
    });
    expect(view.notes.map((note) => note.key)).toEqual([
      "commerce.moneyBack",
      "commerce.renewal.afterTrial",
    ]);
    expect(view.refused).toEqual([]);
  });

  it("shares a team plan's price by its users and keeps the switch's period", () => {
    const view = pricingView(
      [
        { purchaseId: 302, kind: "team", users: 10, summary: "For teams of 6 to 10" },
        { purchaseId: 104, period: "lifetime" },
      ],
      {
        302: {
          id: 302,
          cost: 89900,
          description: "100 years",
          info: { type: "lifetime", count: 1 },
        },
        104: PRICES[104],
      },
      "en",
    );
    expect(view.cards[0]).toMatchObject({
      summary: "For teams of 6 to 10",
      period: null,
      perUser: { key: "commerce.pricing.perUser", values: { price: "$89.90" } },
    });
    expect(view.cards[1]).toMatchObject({ period: "lifetime", perUser: null });
  });

  it("reports refused plans and sells them without a price or a button", () => {
    const view = pricingView([{ purchaseId: 900 }], PRICES, "en");
    expect(view.cards[0]).toMatchObject({ price: null, planId: null, billing: null });
    expect(view.refused.map((error) => error.code)).toEqual(["duration"]);
    expect(view.notes.map((note) => note.key)).toEqual(["commerce.moneyBack"]);
  });

  describe("a free-trial link beside a plan", () => {
    const LIST = {
      101: { id: 101, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
      102: { id: 102, cost: 3588, description: "1 year", info: { type: "year", count: 1 } },
      109: { ...PRICES[109], trialDays: 7 },
      110: {
        id: 110,
        cost: 3588,
        description: "1 year",
        info: { type: "year", count: 1 },
        trialDays: 7,
      },
      201: {
        id: 201,
        cost: 799,
        description: "1 month",
        info: { type: "month", count: 1 },
        product: "family",
        members: 6,
      },
    };
    it.each<[string, { purchaseId: number; trialId?: number }, unknown]>([
      [
        "the 1-month trial beside the 1-month plan",
        { purchaseId: 101, trialId: 109 },
        { planId: 109, days: 7 },
      ],
      [
        "the 1-year trial beside the 1-year plan",
        { purchaseId: 102, trialId: 110 },
        { planId: 110, days: 7 },
      ],
      ["a trial of another period: none", { purchaseId: 102, trialId: 109 }, null],
      ["a plan that is no trial: none", { purchaseId: 101, trialId: 102 }, null],
      ["a trial the price list does not know: none", { purchaseId: 101, trialId: 999 }, null],
      ["a trial of another kind: none", { purchaseId: 201, trialId: 109 }, null],
      ["no trial named: none", { purchaseId: 101 }, null],
    ])("%s", (_, item, expected) => {
      expect(pricingView([item], LIST, "en").cards[0]?.trial).toEqual(expected);
    });

    it("an item naming no kind is what its price plan says: a family of 6", () => {
      const card = pricingView([{ purchaseId: 201 }], LIST, "en").cards[0];
      expect(card?.name).toEqual({ key: "commerce.plan.family", values: { count: 6 } });
      expect(card?.planId).toBe(201);
    });
  });
});
