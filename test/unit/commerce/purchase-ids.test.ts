import { describe, expect, it } from "vitest";
import { collectPurchaseIds, MAX_PURCHASE_IDS } from "~/commerce/purchase-ids";

describe("collectPurchaseIds", () => {
  it("finds ids in named blocks at any depth, both spellings, sorted and once each", () => {
    const components = [
      { name: "hero", data: { title: "Plans" } },
      {
        name: "pricing-plans",
        data: {
          plans: [{ purchaseId: 102, trialId: 110 }, { purchaseID: "101" }, { purchaseId: 102 }],
        },
        children: [{ name: "offer", data: { purchaseId: 203 } }],
      },
    ];
    expect(collectPurchaseIds(components)).toEqual([101, 102, 110, 203]);
  });

  it.each<[string, unknown]>([
    ["zero", 0],
    ["negative", -5],
    ["a fraction", 1.5],
    ["text", "abc"],
    ["a number with junk", "12; DROP"],
    ["too long", "1234567890"],
    ["unsafe", 2 ** 60],
    ["null", null],
    ["an object", { id: 1 }],
  ])("ignores %s", (_name, value) => {
    expect(collectPurchaseIds([{ data: { purchaseId: value } }])).toEqual([]);
  });

  it("stops at 50 ids and at absurd depths", () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ purchaseId: i + 1 }));
    expect(collectPurchaseIds(many)).toHaveLength(MAX_PURCHASE_IDS);
    let deep: unknown = { purchaseId: 7 };
    for (let i = 0; i < 40; i++) deep = { data: deep };
    expect(collectPurchaseIds(deep)).toEqual([]);
  });

  it("takes anything the upstream sends without throwing", () => {
    for (const value of [undefined, null, 1, "x", [], {}, [[[]]]]) {
      expect(collectPurchaseIds(value)).toEqual([]);
    }
  });
});
