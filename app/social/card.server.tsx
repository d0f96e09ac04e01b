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
import { getLanguage, isLangCode, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { cardFonts } from "./card-fonts.server";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

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

/** How wide a text runs, roughly: CJK characters count twice (for the title's size). */
function visualLength(text: string): number {
  let n = 0;
  for (const char of text) n += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return n;
}

function titleSize(title: string): number {
  const length = visualLength(title);
  if (length <= 34) return 76;
  if (length <= 60) return 64;
  if (length <= 90) return 54;
  return 46;
}

const COLORS = {
  deep: "#0b3558",
  dark: "#0a6aab",
  brand: "#0f87d7",
  soft: "#e8f3fc",
  mist: "#b9dcf5",
};

function Shield({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32">
      <path
        d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9L16 2z"
        fill={COLORS.brand}
      />
      <circle cx="16" cy="13.5" r="3.5" fill="#fff" />
      <path d="M14.4 15.5h3.2l1 7h-5.2z" fill="#fff" />
    </svg>
  );
}

/** The stored-password row at the card's foot: the product's own motif, never a screenshot. */
function VaultRow() {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        gap: 18,
        padding: "16px 24px",
        borderRadius: 18,
        background: "rgba(255,255,255,0.1)",
        border: "2px solid rgba(255,255,255,0.18)",
      }}
    >
      <div style={{ display: "flex", gap: 10 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <div
            key={i}
            style={{ width: 14, height: 14, borderRadius: 7, background: COLORS.soft }}
          />
        ))}
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: 36,
          height: 36,
          borderRadius: 18,
          background: "#12b76a",
        }}
      >
        <svg width="20" height="20" viewBox="0 0 20 20">
          <path
            d="M4 10.5l4 4 8-9"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </div>
  );
}

function Card({ text, brand }: { text: CardText; brand: CardBrand }) {
  const iso = getLanguage(text.lang).iso;
  return (
    <div
      lang={iso}
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        paddingTop: 60,
        paddingRight: 80,
        paddingBottom: 52,
        paddingLeft: 80,
        color: "#fff",
        fontFamily: "Inter",
        backgroundColor: COLORS.deep,
        borderBottom: `14px solid ${COLORS.brand}`,
        position: "relative",
      }}
    >
      <div
        style={{
          position: "absolute",
          right: -90,
          top: -60,
          display: "flex",
          opacity: 0.07,
        }}
      >
        <svg width="520" height="520" viewBox="0 0 32 32">
          <path
            d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9L16 2z"
            fill="#fff"
          />
        </svg>
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
        <Shield size={56} />
        <div style={{ display: "flex", fontSize: 36, fontWeight: 700, letterSpacing: -0.5 }}>
          {brand.name}
        </div>
      </div>
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          flexGrow: 1,
          paddingRight: 40,
        }}
      >
        {text.kicker ? (
          <div
            style={{
              display: "flex",
              fontSize: 28,
              fontWeight: 700,
              color: COLORS.mist,
              marginBottom: 18,
            }}
          >
            {text.kicker}
          </div>
        ) : null}
        <div
          style={{
            display: "block",
            fontSize: titleSize(text.title),
            fontWeight: 700,
            lineHeight: 1.15,
            letterSpacing: -1,
            lineClamp: 3,
          }}
        >
          {text.title}
        </div>
        {text.description ? (
          <div
            style={{
              display: "block",
              marginTop: 22,
              fontSize: 28,
              fontWeight: 400,
              lineHeight: 1.4,
              color: COLORS.soft,
              lineClamp: 2,
            }}
          >
            {text.description}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <div style={{ display: "flex", fontSize: 28, fontWeight: 400, color: COLORS.mist }}>
          {brand.host}
        </div>
        <VaultRow />
      </div>
    </div>
  );
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
