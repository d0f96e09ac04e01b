/**
 * A small SVG writer for the product shots: every label goes through `text`, which records the
 * width its box allows so the render check (check.ts) can prove no label runs out of it.
 */
import { C, FONT_STACK, ICONS } from "./theme";

export interface Fit {
  /** The widest the label may be, in px. */
  max: number;
  text: string;
}

export type Anchor = "start" | "middle" | "end";

/** Escapes text and attribute values for XML. */
export function esc(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A generous guess at a label's width, for boxes sized to their text (CJK is one em a glyph). */
export function estimate(label: string, size: number): number {
  let ems = 0;
  for (const ch of label)
    ems += /[\u2E80-\uFFEF]/.test(ch) ? 1 : /[A-ZА-ЯЁІЇЄҐ0-9]/.test(ch) ? 0.68 : 0.6;
  return Math.ceil(ems * size);
}

/** The item at `i`, which the drawing code knows is there. */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i} in a list of ${list.length}`);
  return item;
}

export class Svg {
  readonly fits: Fit[] = [];
  private readonly parts: string[] = [];
  private readonly used = new Set<string>();

  constructor(
    readonly width: number,
    readonly height: number,
    readonly title: string,
    private readonly lang: string,
  ) {}

  raw(markup: string): this {
    this.parts.push(markup);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, fill: string, r = 0, extra = ""): this {
    if (!r) return this.raw(`<path d="M${x} ${y}h${w}v${h}H${x}z" fill="${fill}"${extra}/>`);
    return this.raw(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`,
    );
  }

  /** A rectangle with a 1px edge drawn on the pixel grid (the edge sits inside the box). */
  box(x: number, y: number, w: number, h: number, fill: string, edge: string, r = 0): this {
    const round = r ? ` rx="${r - 0.5}"` : "";
    return this.raw(
      `<rect x="${x + 0.5}" y="${y + 0.5}" width="${w - 1}" height="${h - 1}"${round} fill="${fill}" stroke="${edge}"/>`,
    );
  }

  /** A 1px horizontal rule. */
  hr(x: number, y: number, w: number, fill: string = C.line): this {
    return this.rect(x, y, w, 1, fill);
  }

  circle(cx: number, cy: number, r: number, fill: string, extra = ""): this {
    return this.raw(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`);
  }

  /**
   * A label: `cls` names classes from theme.ts (size, weight, colour); `max` is the width its box
   * allows, measured from x in the direction the anchor reads. `fill` colours it outside the
   * palette's classes.
   */
  text(
    x: number,
    y: number,
    label: string,
    cls: string,
    max: number,
    anchor: Anchor = "start",
    fill?: string,
  ): this {
    return this.rich(x, y, esc(label), label, cls, max, anchor, fill);
  }

  /** A label whose markup has tspans; `plain` is its text. */
  rich(
    x: number,
    y: number,
    markup: string,
    plain: string,
    cls: string,
    max: number,
    anchor: Anchor = "start",
    fill?: string,
  ): this {
    this.fits.push({ max, text: plain });
    const a = anchor === "start" ? "" : anchor === "end" ? " e" : " c";
    const f = fill ? ` fill="${fill}"` : "";
    return this.raw(`<text x="${x}" y="${Math.round(y)}" class="${cls}${a}"${f}>${markup}</text>`);
  }

  /** An icon from theme.ts's set, `size` px square, in `colour`. */
  icon(name: keyof typeof ICONS, x: number, y: number, size: number, colour: string): this {
    this.used.add(name);
    return this.raw(
      `<use href="#${name}" x="${Math.round(x)}" y="${Math.round(y)}" width="${size}" height="${size}" color="${colour}"/>`,
    );
  }

  /** The document, carrying only the CSS rules its markup uses. */
  toString(rules: readonly string[]): string {
    const body = this.parts.join("\n");
    const used = new Set(
      [...body.matchAll(/class="([^"]+)"/g)]
        .flatMap((m) => (m[1] ?? "").split(" "))
        .concat(this.used.size ? ["i"] : []),
    );
    const styles = rules
      .flatMap((rule) => rule.match(/[^}]+}/g) ?? [])
      .filter((rule) => used.has(/^\.([\w-]+)\{/.exec(rule)?.[1] ?? ""))
      .join("");
    const symbols = [...this.used]
      .sort()
      .map(
        (name) =>
          `<symbol id="${name}" viewBox="0 0 16 16">${ICONS[name as keyof typeof ICONS]}</symbol>`,
      )
      .join("");
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}" lang="${this.lang}" role="img">\n` +
      `<title>${esc(this.title)}</title>\n` +
      `<style>text{font-family:${FONT_STACK}}${styles}</style>\n` +
      `<defs>${symbols}<filter id="sh" x="-10%" y="-10%" width="120%" height="130%">` +
      `<feDropShadow dx="0" dy="12" stdDeviation="16" flood-color="${C.deep}" flood-opacity=".16"/></filter></defs>\n` +
      `${body}\n</svg>\n`
    ).replace(/#([0-9A-F])\1([0-9A-F])\2([0-9A-F])\3\b/gi, "#$1$2$3");
  }
}
