import { FORM_BLOCKS } from "./constants";
import type { Block } from "./types";

const FORMS = new Set<string>(FORM_BLOCKS);

/** Whether a block is, or holds somewhere inside, a visitor form. */
function holdsForm(block: Block): boolean {
  return FORMS.has(block.name) || block.children.some(holdsForm);
}

/**
 * A run of a page's top-level blocks: `live` ones hold a form and render for every request (its
 * errors, kept input and results belong to one visitor); the others are prerendered, each run
 * from its own `blocks` array.
 */
export interface PageSegment {
  live: boolean;
  blocks: Block[];
}

const segmented = new WeakMap<Block[], PageSegment[]>();

/**
 * A page's blocks split at the blocks that hold forms, in page order. Done once per block list:
 * the server hands out the same prepared list while its content is unchanged, so each run keeps
 * its `blocks` array across requests, and with it the prerendered HTML made from it.
 */
export function pageSegments(blocks: Block[]): PageSegment[] {
  let segments = segmented.get(blocks);
  if (!segments) {
    segments = [];
    for (const block of blocks) {
      const live = holdsForm(block);
      const last = segments[segments.length - 1];
      if (last && last.live === live) last.blocks.push(block);
      else segments.push({ live, blocks: [block] });
    }
    segmented.set(blocks, segments);
  }
  return segments;
}

/** Whether any block of the page holds a form. */
export function hasForms(blocks: Block[]): boolean {
  return pageSegments(blocks).some((segment) => segment.live);
}
