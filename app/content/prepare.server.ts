import type { LangCode } from "~/i18n/languages";
import { getChildrenByUrl, getChildrenByUrlPage } from "~/upstream/coms.server";
import type { RawComponent } from "~/upstream/coms.schemas";
import { sanitizeRichText } from "./sanitize.server";
import { blockSchemas, isBlockName } from "./schemas";
import type { Block } from "./types";

const RICH_TEXT_KEYS = new Set(["html", "text", "answer"]);

function sanitizeDeep(value: unknown, key = ""): unknown {
  if (typeof value === "string") return RICH_TEXT_KEYS.has(key) ? sanitizeRichText(value) : value;
  if (Array.isArray(value)) return value.map((v) => sanitizeDeep(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeDeep(v, k)]));
  }
  return value;
}

export interface PrepareLog {
  warn(message: string): void;
}

/**
 * Turns the content service's component tree into blocks: each block's data is validated against
 * its schema and its rich text sanitized. An unknown or malformed block is logged and dropped, so
 * one bad block never takes the page down.
 */
export function prepareBlocks(components: RawComponent[], log: PrepareLog = console): Block[] {
  const blocks: Block[] = [];
  for (const component of components) {
    if (!isBlockName(component.name)) {
      log.warn(`Unknown content block "${component.name}" skipped`);
      continue;
    }
    const parsed = blockSchemas[component.name].safeParse(component.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      log.warn(
        `Content block "${component.name}" skipped: ${issue?.path.join(".")} ${issue?.message}`,
      );
      continue;
    }
    blocks.push({
      name: component.name,
      data: sanitizeDeep(parsed.data),
      children: prepareBlocks(component.components ?? [], log),
    } as Block);
  }
  return blocks;
}

const prepared = new WeakMap<RawComponent[], Block[]>();

/** prepareBlocks, done once per upstream answer (cached answers are the same objects). */
export function prepareBlocksOnce(components: RawComponent[]): Block[] {
  let blocks = prepared.get(components);
  if (!blocks) {
    blocks = prepareBlocks(components);
    prepared.set(components, blocks);
  }
  return blocks;
}

function needsData(block: Block): boolean {
  return (
    block.name === "blog-list" || block.name === "children-list" || block.children.some(needsData)
  );
}

async function resolveBlock(
  block: Block,
  ctx: { lang: LangCode; path: string; page: number },
): Promise<Block> {
  if (!needsData(block)) return block;
  const children = await resolveBlockData(block.children, ctx);
  if (block.name === "blog-list") {
    const posts = await getChildrenByUrlPage(
      ctx.lang,
      ctx.path,
      ctx.page,
      block.data.perPage,
    ).catch(() => null);
    return { ...block, data: { ...block.data, posts }, children };
  }
  if (block.name === "children-list") {
    const list = await getChildrenByUrl(ctx.lang, block.data.url ?? ctx.path).catch(() => []);
    return { ...block, data: { ...block.data, children: list }, children };
  }
  return { ...block, children } as Block;
}

/**
 * Fetches what listing blocks show (blog posts, child pages), in parallel, returning new blocks
 * (the prepared ones are shared between requests and never changed).
 */
export function resolveBlockData(
  blocks: Block[],
  ctx: { lang: LangCode; path: string; page: number },
): Promise<Block[]> {
  return Promise.all(blocks.map((block) => resolveBlock(block, ctx)));
}
