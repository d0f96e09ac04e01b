import { describe, expect, it } from "vitest";
import { pricingCards } from "~/commerce/pricing-cards";

const PRICES = {
  101: { id: 101, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
  102: { id: 102, cost: 3588, description: "1 year", info: { type: "year", count: 1 } },
  104: { id: 104, cost: 14900, description: "100 years", info: { type: "lifetime", count: 1 } },
  201: { id: 201, cost: 799, description: "1 month", info: { type: "month", count: 1 } },
  202: { id: 202, cost: 5988, description: "1 year", info: { type: "year", count: 1 } },
  900: { id: 900, cost: 100, description: "5 fortnights", info: { type: "fortnight", count: 5 } },
};

describe("pricingCards", () => {
  it("prices each plan per month, with its saving against the 1-month plan of its product", () => {
    const cards = pricingCards(
      [
        { purchaseId: 101 },
        { purchaseId: 102 },
        { purchaseID: 104 },
        { purchaseId: 201, kind: "family", members: 6 },
        { purchaseId: 202, kind: "family", members: 6 },
      ],
      PRICES,
    );
    expect(cards.map((c) => [c.id, c.price?.basis, c.price?.text, c.savings])).toEqual([
      [101, "month", "4.99", null],
      [102, "month", "2.99", 40],
      [104, "total", "149.00", null],
      [201, "month", "7.99", null],
      // Family is compared with family only: 59.88 a year against 7.99 a month.
      [202, "month", "4.99", 37],
    ]);
  });

  it("shows no price for an unknown id, a missing id, a refused plan or no price list", () => {
    const cards = pricingCards(
      [{ purchaseId: 555 }, {}, { purchaseId: 900 }, { purchaseId: 102, kind: "team" }],
      PRICES,
    );
    expect(cards.map((c) => [c.id, c.price, c.error?.code ?? null])).toEqual([
      [555, null, null],
      [null, null, null],
      [900, null, "duration"],
      [102, null, "unsupportedPeriod"],
    ]);
    expect(pricingCards([{ purchaseId: 101 }], null)[0]).toMatchObject({ id: 101, price: null });
  });
});
