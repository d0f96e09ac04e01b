/**
 * Social cards: the picture a network shows beside a shared link — a 1200×630 PNG with the
 * page's title on the brand's design, in the page's language. Drawn on first request (satori lays
 * the text out and breaks its lines, CJK included; resvg paints the PNG) and kept by the URL's
 * version like any asset; this process keeps the last few megabytes of them too.
 */
import { createHash } from "node:crypto";
import { renderAsync } from "@resvg/resvg-js";
import { LRUCache } from "lru-cache";
import satori from "satori";
import { isLangCode, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { cardFonts } from "./card-fonts.server";
import { Card, CARD_HEIGHT, CARD_WIDTH } from "./card-design";

export { CARD_HEIGHT, CARD_WIDTH };

/** Raised when the design changes, so every card's URL (and every cache's copy) changes too. */
const DESIGN_REVISION = 1;

/** What a card says. */
export interface CardText {
  /** The language the texts are written in (the page's, or English for a fallback page). */
  lang: LangCode;
  title: string;
  description?: string;
  /** A short label above the title: the section ("Blog", "Help center"), a post's date. */
  kicker?: string;
}

/** What every card of the site shares. */
export interface CardBrand {
  name: string;
  /** The site's host as visitors type it (from SITE_URL). */
  host: string;
}

/** The card's version: the same texts and brand give the same one, any change a new one. */
export function cardVersion(text: CardText, brand: CardBrand): string {
  const key = JSON.stringify([DESIGN_REVISION, brand.name, brand.host, text]);
  return createHash("sha256").update(key).digest("base64url").slice(0, 12);
}

/** The card path of a page: `/cards/<lang>/<path>.png`, the home page's `…/index.png`. */
export function cardPath(lang: LangCode, path: string): string {
  const page = localizePath(path, "en");
  return `/cards/${lang}${page === "/" ? "/index" : page}.png`;
}

/** The page's language and path named by a card path; null for anything else. */
export function parseCardPath(pathname: string): { lang: LangCode; path: string } | null {
  const match = /^\/cards\/([a-z]{2})\/([a-z0-9/_-]+)\.png$/.exec(pathname);
  if (!match) return null;
  const [, lang, rest = ""] = match;
  if (!isLangCode(lang) || /^\/|\/\/|\/$/.test(rest)) return null;
  return { lang, path: rest === "index" ? "/" : `/${rest}` };
}

/**
 * A card as SVG: satori lays it out (breaking lines where the language allows, between any two
 * CJK characters but never before closing punctuation). `embedFont: false` leaves the text as
 * positioned `<text>` runs instead of outlines: what the tests read the line breaks from.
 */
export function cardSvg(text: CardText, brand: CardBrand, embedFont = true): Promise<string> {
  const fonts = cardFonts(
    [text.title, text.description ?? "", text.kicker ?? "", brand.name, brand.host],
    text.lang,
  );
  return satori(<Card text={text} brand={brand} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
    embedFont,
  });
}

/**
 * Draws a card as PNG bytes. satori's layout runs here (~13 ms); resvg paints on libuv's thread
 * pool (~30 ms), so other visitors' requests go on meanwhile.
 */
export async function renderCard(text: CardText, brand: CardBrand): Promise<Buffer> {
  const svg = await cardSvg(text, brand);
  const image = await renderAsync(svg, { fitTo: { mode: "width", value: CARD_WIDTH } });
  return image.asPng();
}

/** Cards drawn at once at most: a burst of new cards queues instead of taking every thread. */
const MAX_DRAWING = 2;
let active = 0;
const queue: (() => void)[] = [];

async function drawInTurn(text: CardText, brand: CardBrand): Promise<Buffer> {
  // A finished drawing hands its turn to the next one waiting, or gives it back.
  if (active >= MAX_DRAWING) await new Promise<void>((resolve) => queue.push(resolve));
  else active += 1;
  try {
    return await renderCard(text, brand);
  } finally {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  }
}

/**
 * Cards drawn lately, by version, up to 32 MB (a card is 50–70 KB: some 500 pages' worth; flat
 * colours keep the PNG small).
 * Only pages that exist get a card, so the set is bounded by the site; a miss costs ~150 ms.
 */
const drawn = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (png) => png.length,
});
const drawing = new Map<string, Promise<Buffer>>();

/** The card's PNG: kept, being drawn for another request (shared), or drawn now. */
export async function cardPng(
  text: CardText,
  brand: CardBrand,
): Promise<{ png: Buffer; version: string }> {
  const version = cardVersion(text, brand);
  const kept = drawn.get(version);
  if (kept) return { png: kept, version };
  let pending = drawing.get(version);
  if (!pending) {
    pending = drawInTurn(text, brand).finally(() => drawing.delete(version));
    drawing.set(version, pending);
  }
  const png = await pending;
  drawn.set(version, png);
  return { png, version };
}
