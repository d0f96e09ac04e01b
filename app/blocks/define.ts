/**
 * A content block is one descriptor, declared by the feature that owns it: the upstream component
 * name it answers to, the React component that draws it, and — server side only, inside
 * `serverOnly$` so that neither zod nor any `.server` module reaches the browser — the schema its
 * data is checked against and what it fetches when a page shows it. `app/page/Blocks.tsx`
 * lists every block; the content page prepares, resolves, preloads and renders from that list.
 */
import type { ComponentType } from "react";
import type { ZodType, ZodTypeDef } from "zod";
import type { LangCode } from "~/i18n/languages";
import type { PricePlan } from "~/upstream/sales.schemas";

/** A block of any kind, as the renderer walks it (its data is its descriptor's to read). */
export interface BlockNode {
  name: string;
  data: unknown;
  children: BlockNode[];
}

/** What a block's component is given: its data, its child blocks, and whether it opens the page. */
export interface BlockProps<Data> {
  data: Data;
  /** The block's child blocks (a section's). */
  blocks: BlockNode[];
  /** The page's first block: it carries the page's h1 and loads its image eagerly. */
  first?: boolean;
}

/** What a block's `resolve` may read: the page's language, path, listing page and prices. */
export interface BlockContext {
  lang: LangCode;
  path: string;
  /** `?page=N` of listings (1 when absent). */
  page: number;
  /** The page's price list by purchase id (fetched once for all its pricing blocks). */
  prices?: Readonly<Record<number, PricePlan>> | null;
  /** The page's URL: the password generator's form (GET) is answered from its query. */
  url?: URL;
}

/** The server's half of a block. */
export interface BlockServer<Data, View> {
  /** The block's data as the content service sends it; a block that fails it is dropped. */
  schema: ZodType<Data, ZodTypeDef, unknown>;
  /** Its `text` is a plain line (not HTML): only `html` and `answer` are sanitized as HTML. */
  plainText?: boolean;
  /**
   * What the block shows beyond its data (posts, prices, child pages), fetched when a page shows
   * it; a failed call should leave the page up, the block without what it could not get.
   */
  resolve?(data: Data, ctx: BlockContext): View | Promise<View>;
}

export interface BlockDescriptor<Name extends string = string, Data = unknown, View = Data> {
  name: Name;
  /** Drawn with the block's (resolved) data; a lazy one is preloaded before the page renders. */
  Component: ComponentType<BlockProps<View>> & { preload?: () => Promise<unknown> };
  /** `serverOnly$(blockServer(…))`: undefined in the browser. */
  server: BlockServer<Data, View> | undefined;
}

/** A block of any kind (what the content page walks the list with). */
export type AnyBlockDescriptor = BlockDescriptor<string, any, any>;

/** Declares a block (a typed identity: the descriptor is the block). */
export function defineBlock<Name extends string, Data, View = Data>(
  block: BlockDescriptor<Name, Data, View>,
): BlockDescriptor<Name, Data, View> {
  return block;
}

/** The server's half of a block: its schema, and what it resolves (its data typed by the schema). */
export function blockServer<Data, View = Data>(
  schema: ZodType<Data, ZodTypeDef, unknown>,
  options: Omit<BlockServer<Data, View>, "schema"> = {},
): BlockServer<Data, View> {
  return { schema, ...options };
}
