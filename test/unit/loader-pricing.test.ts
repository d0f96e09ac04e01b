import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "./support/remix";
import { contentPageLoader } from "./support/routes";

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

function pricingBlocks(data: unknown) {
  const blocks = (data as { blocks: { name: string; data: { prices: unknown } }[] }).blocks;
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
    const prices = blocks[0]!.data.prices as Record<number, { cost: number }>;
    expect(Object.keys(prices).map(Number)).toEqual([101, 102, 202]);
    expect(prices[102]?.cost).toBe(3588);
    // Both blocks share the one price list.
    expect(blocks[1]!.data.prices).toBe(prices);
  });

  it("gives the same prices object to the next render while the prices stay the same", async () => {
    servePricingPage([[{ purchaseId: 101 }, { purchaseId: 102 }]]);
    const first = await returned(contentPageLoader(loaderArgs("/pricing")));
    const second = await returned(contentPageLoader(loaderArgs("/pricing")));
    expect(pricingBlocks(second.data)[0]!.data.prices).toBe(
      pricingBlocks(first.data)[0]!.data.prices,
    );
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
    expect(pricingBlocks(data)[0]!.data.prices).toBeNull();
  });

  it("asks for no prices on pages without pricing blocks", async () => {
    await returned(contentPageLoader(loaderArgs("/features")));
    expect(upstream.calls("/orbitshield/sales/price-list/")).toEqual([]);
  });
});
