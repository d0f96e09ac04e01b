import { describe, expect, it } from "vitest";
import { comparisonColumns } from "~/commerce/comparison-view";

const PRICES = {
  102: { id: 102, cost: 3588, description: "1 year", info: { type: "year", count: 1 } },
  202: {
    id: 202,
    cost: 5988,
    description: "1 year",
    info: { type: "year", count: 1 },
    product: "family",
    members: 6,
  },
  301: {
    id: 301,
    cost: 49900,
    description: "100 years",
    info: { type: "lifetime", count: 1 },
    product: "team",
    users: 5,
  },
  900: { id: 900, cost: 100, description: "5 fortnights", info: { type: "fortnight", count: 5 } },
};

describe("comparisonColumns", () => {
  it("prices each plan as the cards do, in the page's locale, with its checkout", () => {
    expect(
      comparisonColumns(
        [
          { purchaseId: 102, title: "Personal" },
          { purchaseId: 202, title: "Family" },
          { purchaseId: 301, title: "Teams" },
        ],
        PRICES,
        "de-DE",
      ),
    ).toEqual([
      {
        title: "Personal",
        price: { key: "commerce.billing.yearly", values: { price: "35,88\u00a0$" } },
        planId: 102,
      },
      {
        title: "Family",
        price: { key: "commerce.billing.yearly", values: { price: "59,88\u00a0$" } },
        planId: 202,
      },
      {
        title: "Teams",
        price: { key: "commerce.billing.oneOff", values: { price: "499,00\u00a0$" } },
        planId: 301,
      },
    ]);
  });

  it("a plan the list lacks, the rules refuse or no id names shows its name alone", () => {
    expect(
      comparisonColumns(
        [
          { purchaseId: 404, title: "Gone" },
          { purchaseId: 900, title: "Odd" },
          { title: "Unnamed" },
        ],
        PRICES,
        "en",
      ),
    ).toEqual([
      { title: "Gone", price: null, planId: null },
      { title: "Odd", price: null, planId: null },
      { title: "Unnamed", price: null, planId: null },
    ]);
  });

  it("no price list (the service failed): names only, never a guessed price", () => {
    expect(comparisonColumns([{ purchaseId: 102, title: "Personal" }], null, "en")).toEqual([
      { title: "Personal", price: null, planId: null },
    ]);
  });
});
