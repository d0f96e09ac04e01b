import type { Block } from "./Blocks";

/** Once per block list: a stored page's list is the same array for every visit. */
const heroless = new WeakMap<Block[], Block[]>();

/**
 * A payment outcome page's blocks without its hero: the order's own summary is the page's
 * heading and message (paid, pending, failed, a started trial, or no order), with one next step.
 * A hero written before the order is known ("Thank you", "Try again") would say it twice, or say
 * the opposite. The page's other blocks (setting up the apps, common reasons for a declined
 * card) stay — the same array each time for the same list, so what is rendered from it once is
 * rendered once.
 */
export function withoutHero(blocks: Block[]): Block[] {
  let kept = heroless.get(blocks);
  if (!kept) {
    kept = blocks.filter((block) => block.name !== "hero");
    heroless.set(blocks, kept);
  }
  return kept;
}
