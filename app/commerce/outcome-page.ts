import type { Block } from "~/content/types";

/**
 * A payment outcome page's blocks without its hero: the order's own summary is the page's
 * heading and message (paid, pending, failed, a started trial, or no order), with one next step.
 * A hero written before the order is known ("Thank you", "Try again") would say it twice, or say
 * the opposite. The page's other blocks (setting up the apps, common reasons for a declined
 * card) stay.
 */
export function withoutHero(blocks: Block[]): Block[] {
  return blocks.filter((block) => block.name !== "hero");
}
