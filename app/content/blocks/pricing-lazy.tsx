import type { BlockOf } from "../types";
import type { Block } from "../types";
import { lazyBlock } from "./lazy";

/**
 * The pricing blocks (plan cards, period switch, tiers): their chunk, with the plan rules, is
 * fetched only by the pages that show them (pricing, family, teams), not by every content page.
 */
const plans = lazyBlock<BlockOf<"pricing-plans">>(
  () => import("./pricing").then((m) => ({ default: m.PricingPlansBlock })),
  "pricing-plans pricing-plans--loading",
);
const tiers = lazyBlock<BlockOf<"plan-tiers">>(
  () => import("./pricing").then((m) => ({ default: m.PlanTiersBlock })),
  "plan-tiers plan-tiers--loading",
);

const comparison = lazyBlock<BlockOf<"plan-comparison">>(
  () => import("./comparison").then((m) => ({ default: m.PlanComparisonBlock })),
  "plan-comparison plan-comparison--loading",
);

export const PricingPlansBlock = plans.LazyBlock;
export const PlanTiersBlock = tiers.LazyBlock;
export const PlanComparisonBlock = comparison.LazyBlock;

const PRICING_BLOCKS = new Set<string>(["pricing-plans", "plan-tiers", "plan-comparison"]);

function holdsPricing(block: Block): boolean {
  return PRICING_BLOCKS.has(block.name) || block.children.some(holdsPricing);
}

/** Loads the pricing blocks (server side, before rendering a page that shows one). */
export async function preloadPricingBlocks(blocks: Block[]): Promise<void> {
  if (blocks.some(holdsPricing)) {
    await Promise.all([plans.preload(), tiers.preload(), comparison.preload()]);
  }
}
