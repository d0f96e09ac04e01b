import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "../support/remix";
import { contentPageLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

/** A page whose pricing blocks name these plans (served for any path in this test). */
function servePricingPage(plans: Record<string, unknown>[][]) {
  upstream.server.use(
    http.get(upstreamUrl("/coms/pages/page/"), () =>
      HttpResponse.json({
        components: [
          { name: "hero", data: { title: "Plans" } },
          ...plans.map((list, i) => ({
            name: "pricing-plans",
            data: { id: `plans-${i}`, title: `Plans ${i}`, plans: list },
          })),
        ],
        hreflangLocales: ["en"],
        settings: { canonical: "" },
      }),
    ),
  );
}

interface Card {
  planId: number | null;
  price: { main: string; fraction: string; suffix: string; basis: string } | null;
  savings: { key: string; values?: Record<string, unknown> } | null;
}

function pricingBlocks(data: unknown) {
  const blocks = (data as { blocks: { name: string; data: { view: { cards: Card[] } } }[] }).blocks;
  return blocks.filter((block) => block.name === "pricing-plans");
}

describe("pricing blocks in the content loader", () => {
  it("prices every block of a page with one price-list call for all its ids", async () => {
    servePricingPage([
      [{ purchaseId: 102 }, { purchaseID: "101" }],
      [{ purchaseId: 202, kind: "family", members: 6 }, { purchaseId: 102 }],
    ]);
    const { status, data } = await returned(contentPageLoader(loaderArgs("/pricing")));
    expect(status).toBe(200);
    const calls = upstream.calls("/orbitshield/sales/price-list/");
    expect(calls).toHaveLength(1);
    const blocks = pricingBlocks(data);
    expect(blocks).toHaveLength(2);
    const [first, second] = blocks.map((block) => block.data.view.cards);
    expect(first!.map((card) => card.planId)).toEqual([102, 101]);
    expect(first![0]!.price).toEqual({ main: "$2", fraction: ".99", suffix: "", basis: "month" });
    expect(first![0]!.savings).toEqual({ key: "commerce.price.save", values: { percent: 40 } });
    expect(second!.map((card) => card.planId)).toEqual([202, 102]);
  });

  it("gives the same prices object to the next render while the prices stay the same", async () => {
    servePricingPage([[{ purchaseId: 101 }, { purchaseId: 102 }]]);
    const first = await returned(contentPageLoader(loaderArgs("/pricing")));
    const second = await returned(contentPageLoader(loaderArgs("/pricing")));
    expect(pricingBlocks(second.data)[0]!.data.view).toBe(pricingBlocks(first.data)[0]!.data.view);
  });

  it("shows the page without prices when the price list fails (never a guessed price)", async () => {
    servePricingPage([[{ purchaseId: 101 }]]);
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/sales/price-list/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, data } = await returned(contentPageLoader(loaderArgs("/pricing")));
    expect(status).toBe(200);
    expect(pricingBlocks(data)[0]!.data.view.cards).toEqual([
      expect.objectContaining({ planId: null, price: null }),
    ]);
  });

  it("prices in the page's language", async () => {
    servePricingPage([[{ purchaseId: 102 }]]);
    const { data } = await returned(contentPageLoader(loaderArgs("/de/pricing")));
    expect(pricingBlocks(data)[0]!.data.view.cards[0]!.price).toEqual({
      main: "2",
      fraction: ",99",
      suffix: "\u00a0$",
      basis: "month",
    });
  });

  it("asks for no prices on pages without pricing blocks", async () => {
    await returned(contentPageLoader(loaderArgs("/features")));
    expect(upstream.calls("/orbitshield/sales/price-list/")).toEqual([]);
  });
});
