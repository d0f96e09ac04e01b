import { FORM_BLOCKS } from "./constants";
import type { Block } from "./types";

const FORMS = new Set<string>(FORM_BLOCKS);

/** Whether a block is, or holds somewhere inside, a visitor form. */
function holdsForm(block: Block): boolean {
  return FORMS.has(block.name) || block.children.some(holdsForm);
}

/** Whether any block of the page holds a form (its chunk is then loaded before the render). */
export function hasForms(blocks: Block[]): boolean {
  return blocks.some(holdsForm);
}
