import type { BlockOf } from "../types";
import { lazyBlock } from "./lazy";

/** Pricing cards: the commerce rules load only on pages that show plans. */
const pricing = lazyBlock<BlockOf<"pricing-plans">>(
  () => import("./pricing").then((m) => ({ default: m.PricingPlansBlock })),
  "pricing-plans pricing-plans--loading",
);

export const PricingPlansLazyBlock = pricing.LazyBlock;

/** Loads the pricing block (server side, before rendering a page that shows plans). */
export const preloadPricingBlock = pricing.preload;
