import { generateForRequest } from "~/password-generator/password.server";
import type { LangCode } from "~/i18n/languages";
import { getChildren, getChildrenByUrlPage } from "~/upstream/coms.server";
import { helpChildren } from "~/help/help.server";
import type { PageSummary, RawComponent } from "~/upstream/coms.schemas";
import { log as serverLog } from "~/observability/log.server";
import { planErrorText } from "~/commerce/plans";
import { pricingView, type PricingView } from "~/commerce/pricing-view";
import { comparisonColumns, type ComparisonColumn } from "~/commerce/comparison-view";
import { getLanguage } from "~/i18n/languages";
import type { Comment, PricePlan } from "~/upstream/sales.schemas";
import { getComments } from "~/upstream/sales.server";
import { withPhraseBreaks } from "./phrase-breaks.server";
import { sanitizeRichText } from "./sanitize.server";
import { blockSchemas, isBlockName } from "./schemas";
import type { Block, BlockOf } from "./types";

/** Fields that carry HTML. `text` is HTML everywhere but in blocks whose text is a plain line. */
const HTML_KEYS = new Set(["html", "text", "answer"]);
const HTML_KEYS_PLAIN_TEXT = new Set(["html", "answer"]);
const PLAIN_TEXT_BLOCKS = new Set<string>(["cta", "download-buttons"]);
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

const DATA_BLOCKS = new Set<string>([
  "blog-list",
  "children-list",
  "pricing-plans",
  "plan-comparison",
  "password-generator",
]);

function needsData(block: Block): boolean {
  return (
    DATA_BLOCKS.has(block.name) ||
    (block.name === "testimonials" && block.data.source === "comments") ||
    block.children.some(needsData)
  );
}

type TestimonialItem = BlockOf<"testimonials">["data"]["items"][number];

/** Testimonials as block items, once per upstream answer. */
const commentItems = new WeakMap<readonly Comment[], TestimonialItem[]>();

/** A block's own items followed by the testimonials, the same array while both are the same. */
const combinedItems = new WeakMap<Block, { from: TestimonialItem[]; items: TestimonialItem[] }>();

function withCommentItems(
  block: BlockOf<"testimonials">,
  fetched: TestimonialItem[],
): TestimonialItem[] {
  if (block.data.items.length === 0) return fetched;
  const last = combinedItems.get(block);
  if (last?.from === fetched) return last.items;
  const items = [...block.data.items, ...fetched];
  combinedItems.set(block, { from: fetched, items });
  return items;
}

function itemsOfComments(comments: readonly Comment[]): TestimonialItem[] {
  let items = commentItems.get(comments);
  if (!items) {
    items = comments.map((comment) => ({
      quote: comment.text,
      author: comment.name,
      ...(comment.rating !== undefined ? { rating: comment.rating } : {}),
    }));
    commentItems.set(comments, items);
  }
  return items;
}

/** What blocks may fetch or be given: the page's language, path, listing page and prices. */
export interface BlockContext {
  lang: LangCode;
  path: string;
  page: number;
  /** The page's price list by purchase id (fetched once for all its pricing blocks). */
  prices?: Readonly<Record<number, PricePlan>> | null;
  /** The page's URL: the password generator's form (GET) is answered from its query. */
  url?: URL;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameData(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The last block made from a prepared one with its fetched data, per prepared block. */
const lastWithData = new WeakMap<Block, Block>();
/** The last blocks made from a prepared list, per prepared list. */
const lastResolved = new WeakMap<Block[], Block[]>();

/**
 * The block made last time from the same prepared block when it holds the same data (the upstream
 * cache hands out the same answer objects): the same inputs give the same object, so what is
 * derived from it is reused until the data changes.
 */
function reuse(source: Block, made: Block): Block {
  const last = lastWithData.get(source);
  if (
    last &&
    last.children === made.children &&
    sameData(last.data as Record<string, unknown>, made.data as Record<string, unknown>)
  ) {
    return last;
  }
  lastWithData.set(source, made);
  return made;
}

/** Pricing views by price list, block and language: the same inputs give the same object. */
const views = new WeakMap<object, WeakMap<Block, Map<LangCode, PricingView>>>();
const NO_PRICES = {};
const NO_CHILDREN: PageSummary[] = [];

/**
 * A pricing block's cards for a language, priced once per price list (so what is made
 * from them is reused until a price changes); plans the rules refuse are logged then, not per view.
 */
function pricingViewOnce(
  block: BlockOf<"pricing-plans">,
  prices: Readonly<Record<number, PricePlan>> | null,
  lang: LangCode,
): PricingView {
  const key = prices ?? NO_PRICES;
  let byBlock = views.get(key);
  if (!byBlock) views.set(key, (byBlock = new WeakMap()));
  let byLang = byBlock.get(block);
  if (!byLang) byBlock.set(block, (byLang = new Map()));
  let view = byLang.get(lang);
  if (!view) {
    view = pricingView(block.data.plans, prices, getLanguage(lang).iso);
    for (const error of view.refused) serverLog.error(`Pricing: ${planErrorText(error)}`);
    byLang.set(lang, view);
  }
  return view;
}

/** A comparison table's columns, once per price list, block and language (as pricing views). */
const columnSets = new WeakMap<object, WeakMap<Block, Map<LangCode, ComparisonColumn[]>>>();

function comparisonColumnsOnce(
  block: BlockOf<"plan-comparison">,
  prices: Readonly<Record<number, PricePlan>> | null,
  lang: LangCode,
): ComparisonColumn[] {
  const key = prices ?? NO_PRICES;
  let byBlock = columnSets.get(key);
  if (!byBlock) columnSets.set(key, (byBlock = new WeakMap()));
  let byLang = byBlock.get(block);
  if (!byLang) byBlock.set(block, (byLang = new Map()));
  let columns = byLang.get(lang);
  if (!columns) {
    columns = comparisonColumns(block.data.plans, prices, getLanguage(lang).iso);
    byLang.set(lang, columns);
  }
  return columns;
}

async function resolveBlock(block: Block, ctx: BlockContext): Promise<Block> {
  if (!needsData(block)) return block;
  const children = await resolveBlockData(block.children, ctx);
  if (block.name === "blog-list") {
    const posts = await getChildrenByUrlPage(
      ctx.lang,
      ctx.path,
      ctx.page,
      block.data.perPage,
    ).catch(() => null);
    return reuse(block, { ...block, data: { ...block.data, posts }, children });
  }
  if (block.name === "pricing-plans") {
    const view = pricingViewOnce(block, ctx.prices ?? null, ctx.lang);
    return reuse(block, { ...block, data: { ...block.data, view }, children });
  }
  if (block.name === "plan-comparison") {
    const columns = comparisonColumnsOnce(block, ctx.prices ?? null, ctx.lang);
    return reuse(block, { ...block, data: { ...block.data, columns }, children });
  }
  if (block.name === "testimonials") {
    // Plain text from the sales service: React escapes it; a failure shows the block's own items.
    const comments = await getComments(ctx.lang).catch((error: unknown) => {
      serverLog.warn("Testimonials could not be loaded", error);
      return null;
    });
    const items = comments ? withCommentItems(block, itemsOfComments(comments.comments)) : null;
    const data = items ? { ...block.data, items } : block.data;
    return reuse(block, { ...block, data, children });
  }
  if (block.name === "password-generator") {
    // A password is made per request and never kept: no reuse.
    const generated = ctx.url ? generateForRequest(ctx.url) : null;
    return generated ? { ...block, data: { ...block.data, generated }, children } : block;
  }
  if (block.name === "children-list") {
    // The page's child pages in its language (English where not translated); a failed call
    // leaves the page up without its list.
    const path = block.data.url ?? ctx.path;
    const list = await getChildren(ctx.lang, path).catch((error: unknown) => {
      serverLog.warn(`Child pages of ${path} unavailable`, error);
      return null;
    });
    const shown = list ? helpChildren(ctx.lang, path, list) : NO_CHILDREN;
    return reuse(block, { ...block, data: { ...block.data, children: shown }, children });
  }
  return children === block.children ? block : reuse(block, { ...block, children } as Block);
}

function holdsPassword(block: Block): boolean {
  return (
    (block.name === "password-generator" && block.data.generated !== undefined) ||
    block.children.some(holdsPassword)
  );
}

/**
 * Fetches what listing blocks show (blog posts, child pages), in parallel, returning new blocks
 * (the prepared ones are shared between requests and never changed). Blocks without listings come
 * back as they are, and the same fetched data gives the same blocks as last time, so the result
 * only changes identity when its content does.
 */
export async function resolveBlockData(blocks: Block[], ctx: BlockContext): Promise<Block[]> {
  const resolved = await Promise.all(blocks.map((block) => resolveBlock(block, ctx)));
  if (sameItems(resolved, blocks)) return blocks;
  // A password made for this request is never kept, not even as the last resolved list.
  if (resolved.some(holdsPassword)) return resolved;
  const last = lastResolved.get(blocks);
  if (last && sameItems(resolved, last)) return last;
  lastResolved.set(blocks, resolved);
  return resolved;
}
