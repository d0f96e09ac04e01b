import { pageSegments } from "./segments";
import type { Block } from "./types";

/**
 * A page's blocks as a document's hydration data carries them, run by run (`pageSegments`): a run
 * that holds a form as its blocks (it renders anew in the browser), every other run as null — the
 * browser writes those from the HTML it was sent (`Prerendered` with `fromPage`) and never needs
 * their data. The home page's hydration data shrinks from ~15.5 KB to ~6 KB of JSON this way.
 */
export type PageParts = (Block[] | null)[];

export function partsForDocument(blocks: Block[]): PageParts {
  return pageSegments(blocks).map((segment) => (segment.live ? segment.blocks : null));
}

/** A run of a page's blocks to render: `blocks` null when the browser takes it from the page. */
export interface PagePart {
  live: boolean;
  blocks: Block[] | null;
}

/** The runs to render: from the blocks where there are any (server, data requests), else the parts. */
export function pagePartsOf(page: { blocks?: Block[]; parts?: PageParts }): PagePart[] {
  if (page.blocks) return pageSegments(page.blocks);
  return (page.parts ?? []).map((blocks) => ({ live: blocks !== null, blocks }));
}

/**
 * Sets `data[key]` for the server's own render only: the property is not enumerable, so neither
 * Remix's encoding of the hydration data (turbo-stream reads `Object.keys`) nor JSON carries it,
 * while the server renders from the very object the loader returned.
 */
export function serverOnly<T extends object, K extends keyof T>(data: T, key: K, value: T[K]): T {
  Object.defineProperty(data, key, {
    value,
    enumerable: false,
    writable: true,
    configurable: true,
  });
  return data;
}
