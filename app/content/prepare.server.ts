import type { LangCode } from "~/i18n/languages";
import { getChildrenByUrl, getChildrenByUrlPage } from "~/upstream/coms.server";
import type { RawComponent } from "~/upstream/coms.schemas";
import { log as serverLog } from "~/log.server";
import { sanitizeRichText } from "./sanitize.server";
import { blockSchemas, isBlockName } from "./schemas";
import type { Block } from "./types";

/** Fields that carry HTML. `text` is HTML everywhere but in blocks whose text is a plain line. */
const HTML_KEYS = new Set(["html", "text", "answer"]);
const HTML_KEYS_PLAIN_TEXT = new Set(["html", "answer"]);
const PLAIN_TEXT_BLOCKS = new Set<string>(["cta", "download-buttons"]);

function sanitizeDeep(value: unknown, lang: LangCode, htmlKeys: Set<string>, key = ""): unknown {
  if (typeof value === "string") {
    return htmlKeys.has(key) ? sanitizeRichText(value, lang) : value;
  }
  if (Array.isArray(value)) return value.map((v) => sanitizeDeep(v, lang, htmlKeys, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, sanitizeDeep(v, lang, htmlKeys, k)]),
    );
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
export function prepareBlocks(
  components: RawComponent[],
  log: PrepareLog = serverLog,
  lang: LangCode = "en",
): Block[] {
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
      data: sanitizeDeep(
        parsed.data,
        lang,
        PLAIN_TEXT_BLOCKS.has(component.name) ? HTML_KEYS_PLAIN_TEXT : HTML_KEYS,
      ),
      children: prepareBlocks(component.components ?? [], log, lang),
    } as Block);
  }
  return blocks;
}

const prepared = new WeakMap<RawComponent[], Map<LangCode, Block[]>>();

/**
 * prepareBlocks, done once per upstream answer and page language (cached answers are the same
 * objects, and an English page may be shown under any language's URL).
 */
export function prepareBlocksOnce(components: RawComponent[], lang: LangCode): Block[] {
  let byLang = prepared.get(components);
  if (!byLang) {
    byLang = new Map();
    prepared.set(components, byLang);
  }
  let blocks = byLang.get(lang);
  if (!blocks) {
    blocks = prepareBlocks(components, serverLog, lang);
    byLang.set(lang, blocks);
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
