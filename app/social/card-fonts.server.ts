/**
 * The faces a social card is drawn with: Inter (Latin, Cyrillic, Greek — the site's own face) and,
 * for Japanese and Chinese, Noto Sans JP or SC. The CJK faces come in ~120 subsets each; a card
 * loads only the subsets that hold its text's characters (by the packages' unicode.json), so a
 * Japanese title reads four or five small files, not a whole 5 MB face.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { LangCode } from "~/i18n/languages";

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

const require = createRequire(import.meta.url);

/** The folder of an installed font package. */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

interface FontPackage {
  /** The family name the card's style asks for (each subset gets its own, see below). */
  family: string;
  dir: string;
  /** File name of a subset at a weight. */
  file: (subset: string, weight: number) => string;
  /** subset → its code point ranges. */
  ranges: Map<string, [number, number][]>;
}

function parseRanges(css: string): [number, number][] {
  return css.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(from ?? "", 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

function loadPackage(name: string, family: string, file: FontPackage["file"]): FontPackage {
  const dir = packageDir(name);
  const unicode = JSON.parse(readFileSync(join(dir, "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  const ranges = new Map<string, [number, number][]>();
  for (const [key, css] of Object.entries(unicode)) {
    ranges.set(key.replace(/^\[|\]$/g, ""), parseRanges(css));
  }
  return { family, dir, file, ranges };
}

let packages: { inter: FontPackage; jp: FontPackage; sc: FontPackage } | undefined;

function fontPackages() {
  packages ??= {
    inter: loadPackage("@fontsource/inter", "Inter", (s, w) => `inter-${s}-${w}-normal.woff`),
    jp: loadPackage(
      "@fontsource/noto-sans-jp",
      "Noto Sans JP",
      (s, w) => `noto-sans-jp-${s}-${w}-normal.woff`,
    ),
    sc: loadPackage(
      "@fontsource/noto-sans-sc",
      "Noto Sans SC",
      (s, w) => `noto-sans-sc-${s}-${w}-normal.woff`,
    ),
  };
  return packages;
}

/** Inter's subsets a card always carries (digits, punctuation, the site's Latin and Cyrillic). */
const INTER_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek"];

/** Files read once; a few dozen at most (two weights of Inter, the CJK subsets cards used). */
const files = new Map<string, Buffer>();

function fontFile(pkg: FontPackage, subset: string, weight: number): Buffer {
  const path = join(pkg.dir, "files", pkg.file(subset, weight));
  let data = files.get(path);
  if (!data) {
    data = readFileSync(path);
    files.set(path, data);
  }
  return data;
}

/** The points of `points` within `ranges`. */
function within(ranges: [number, number][], points: ReadonlySet<number>): number[] {
  const found: number[] = [];
  for (const point of points) {
    if (ranges.some(([start, end]) => point >= start && point <= end)) found.push(point);
  }
  return found;
}

/** Code points Inter has no glyph for: CJK scripts, their punctuation and full-width forms. */
function needsCjk(point: number): boolean {
  return (
    (point >= 0x2e80 && point <= 0x9fff) ||
    (point >= 0xac00 && point <= 0xd7af) ||
    (point >= 0xf900 && point <= 0xfaff) ||
    (point >= 0xfe30 && point <= 0xfe4f) ||
    (point >= 0xff00 && point <= 0xffef) ||
    point >= 0x20000
  );
}

/**
 * The fonts for a card whose texts are `texts`, in the order glyphs are looked up: Inter, then
 * the CJK face of the text's language first (Japanese and Chinese draw some shared characters
 * differently), then the other. Each CJK subset is its own family name, so none hides another.
 */
export function cardFonts(texts: readonly string[], lang: LangCode): CardFont[] {
  const { inter, jp, sc } = fontPackages();
  const fonts: CardFont[] = [];
  for (const weight of [400, 700] as const) {
    for (const subset of INTER_SUBSETS) {
      fonts.push({
        name: inter.family,
        data: fontFile(inter, subset, weight),
        weight,
        style: "normal",
      });
    }
  }
  const points = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const point = char.codePointAt(0) ?? 0;
      if (needsCjk(point)) points.add(point);
    }
  }
  if (points.size === 0) return fonts;
  const order = lang === "zh" ? [sc, jp] : [jp, sc];
  for (const pkg of order) {
    for (const [subset, ranges] of pkg.ranges) {
      const found = within(ranges, points);
      if (found.length === 0) continue;
      for (const point of found) points.delete(point);
      for (const weight of [400, 700] as const) {
        fonts.push({
          name: `${pkg.family} ${subset}`,
          data: fontFile(pkg, subset, weight),
          weight,
          style: "normal",
        });
      }
    }
  }
  return fonts;
}
