import type { BlockContext } from "~/blocks/define";
import type { LangCode } from "~/i18n/languages";
import type { RawComponent } from "~/upstream/coms.schemas";
import { log as serverLog } from "~/observability/log.server";
import { blockNamed, type Block } from "./Blocks";
import { withPhraseBreaks } from "~/content/phrase-breaks.server";
import { sanitizeRichText } from "~/content/sanitize.server";

/** Fields that carry HTML. `text` is HTML everywhere but in blocks whose text is a plain line. */
const HTML_KEYS = new Set(["html", "text", "answer"]);
const HTML_KEYS_PLAIN_TEXT = new Set(["html", "answer"]);
/** Headlines, badges and button labels: on a Japanese or Chinese page they wrap between words. */
const PHRASE_KEYS = new Set(["title", "badge", "btn-text"]);

function sanitizeDeep(value: unknown, lang: LangCode, htmlKeys: Set<string>, key = ""): unknown {
  if (typeof value === "string") {
    if (htmlKeys.has(key)) return sanitizeRichText(value, lang);
    return PHRASE_KEYS.has(key) ? withPhraseBreaks(value, lang) : value;
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
    const server = blockNamed(component.name)?.server;
    if (!server) {
      log.warn(`Unknown content block "${component.name}" skipped`);
      continue;
    }
    const parsed = server.schema.safeParse(component.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      log.warn(
        `Content block "${component.name}" skipped: ${issue?.path.join(".")} ${issue?.message}`,
      );
      continue;
    }
    blocks.push({
      name: component.name,
      data: sanitizeDeep(parsed.data, lang, server.plainText ? HTML_KEYS_PLAIN_TEXT : HTML_KEYS),
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
  return blockNamed(block.name)?.server?.resolve !== undefined || block.children.some(needsData);
}

async function resolveBlock(block: Block, ctx: BlockContext): Promise<Block> {
  if (!needsData(block)) return block;
  const resolve = blockNamed(block.name)?.server?.resolve;
  const [data, children] = await Promise.all([
    resolve ? resolve(block.data, ctx) : block.data,
    resolveBlockData(block.children, ctx),
  ]);
  return data === block.data && children === block.children
    ? block
    : ({ ...block, data, children } as Block);
}

/**
 * Fetches and works out what blocks show beyond their data (blog posts, child pages, prices), in
 * parallel, each by its descriptor's `resolve`, returning new blocks (the prepared ones are shared
 * between requests and never changed). A list without such blocks comes back as it is.
 */
export async function resolveBlockData(blocks: Block[], ctx: BlockContext): Promise<Block[]> {
  if (!blocks.some(needsData)) return blocks;
  return Promise.all(blocks.map((block) => resolveBlock(block, ctx)));
}

function namesIn(blocks: readonly Block[], names: Set<string>): Set<string> {
  for (const block of blocks) {
    names.add(block.name);
    namesIn(block.children, names);
  }
  return names;
}

/**
 * Loads the code of the lazily loaded blocks a page shows (forms, pricing, the blog list), so
 * the server renders them at once: never a fallback, which needs JS to be replaced.
 */
export async function preloadBlocks(blocks: readonly Block[]): Promise<void> {
  await Promise.all(
    [...namesIn(blocks, new Set())].map((name) => blockNamed(name)?.Component.preload?.()),
  );
}
