import type { PageOfSummaries, PageSummary } from "~/upstream/coms.schemas";
import type { GeneratedForRequest } from "~/password-generator/password.server";
import type { PricingView } from "~/commerce/pricing-view";
import type { ComparisonColumn } from "~/commerce/comparison-view";
import type { BlockData, BlockName } from "./schemas";

/** Data the loader fetched for a block that lists other pages. */
export interface BlockExtras {
  "blog-list": { posts: PageOfSummaries | null };
  "children-list": { children: PageSummary[] };
  /** The plans priced for the page's language (no prices when the price list failed). */
  "pricing-plans": { view: PricingView };
  /** The compared plans' names and prices, from the same price list. */
  "plan-comparison": { columns: ComparisonColumn[] };
  /** The password the page's form asked for without JS (absent on the plain page). */
  "password-generator": { generated?: GeneratedForRequest };
}

type Extras<N extends BlockName> = N extends keyof BlockExtras ? BlockExtras[N] : object;

/** A validated, sanitized block, ready to render. */
export type Block = {
  [N in BlockName]: { name: N; data: BlockData<N> & Extras<N>; children: Block[] };
}[BlockName];

export type BlockOf<N extends BlockName> = Extract<Block, { name: N }>;
