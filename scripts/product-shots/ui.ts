/** The app's parts, shared by the shots: window, sidebar, tiles, fields, toggles, buttons. */
import type { Svg } from "./svg";
import { SITES, type Site, type SiteName } from "./sites";
import { C, type IconName } from "./theme";

export const APP = "KeyNest";

/** The soft backdrop a shot's window floats on. */
export function backdrop(svg: Svg): void {
  svg.rect(0, 0, svg.width, svg.height, C.backdrop);
  svg.circle(svg.width - 90, 70, 210, C.soft);
  svg.circle(70, svg.height - 40, 190, C.soft);
}

/**
 * A desktop window with a title bar; returns the top of its content, which is clipped to the
 * window's rounded corners until `endWindow`.
 */
export function appWindow(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  title: string,
): number {
  svg.rect(x, y, w, h, C.surface, 12, ' filter="url(#sh)"');
  svg.raw(
    `<clipPath id="win"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12"/></clipPath><g clip-path="url(#win)">`,
  );
  svg
    .rect(x, y, w, 40, C.alt, 12)
    .rect(x, y + 28, w, 12, C.alt)
    .hr(x, y + 40, w);
  ["#FF5F57", "#FEBC2E", "#28C840"].forEach((colour, i) =>
    svg.circle(x + 20 + i * 20, y + 20, 6, colour),
  );
  svg.text(x + w / 2, y + 25, title, "s13 m g", w - 160, "middle");
  return y + 41;
}

export function endWindow(svg: Svg): void {
  svg.raw("</g>");
}

/** The brand's mark: a key on a rounded blue square. */
export function logo(svg: Svg, x: number, y: number, size = 28): void {
  svg.rect(x, y, size, size, C.brand, Math.round(size / 4));
  svg.icon("key", x + size * 0.2, y + size * 0.2, Math.round(size * 0.6), "#FFFFFF");
}

export interface NavItem {
  icon: IconName;
  label: string;
  count?: string;
}

/** The dark sidebar: the brand, then nav items (one active), then an optional second group. */
export function sidebar(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  items: NavItem[],
  active: number,
  group?: { title: string; items: NavItem[] },
): void {
  svg.rect(x, y, w, h, C.side);
  logo(svg, x + 20, y + 20);
  svg.text(x + 58, y + 40, APP, "s16 h w", w - 70);
  let top = y + 72;
  const row = (item: NavItem, on: boolean) => {
    if (on) svg.rect(x + 10, top, w - 20, 34, C.sideActive, 8);
    svg.icon(item.icon, x + 22, top + 9, 16, on ? "#FFFFFF" : C.sideText);
    const room = w - 72 - (item.count ? 28 : 0);
    svg.text(x + 48, top + 22, item.label, `s13 ${on ? "b w" : "m sb"}`, room);
    if (item.count) svg.text(x + w - 22, top + 22, item.count, "s12 sb", 32, "end");
    top += 38;
  };
  items.forEach((item, i) => row(item, i === active));
  if (group) {
    top += 14;
    svg.text(x + 22, top + 8, group.title, "s11 b sb", w - 44);
    top += 20;
    group.items.forEach((item) => row(item, false));
  }
}

/** A site's icon: its letter on its colour. */
export function tile(svg: Svg, x: number, y: number, size: number, which: SiteName | Site): void {
  const site = typeof which === "string" ? SITES[which] : which;
  svg.rect(x, y, size, size, site.bg, Math.round(size / 4.5));
  const cls = size >= 56 ? "s28" : size >= 40 ? "s20" : size >= 32 ? "s16" : "s13";
  svg.text(
    x + size / 2,
    y + size / 2 + size * 0.17,
    site.letter,
    `${cls} h`,
    size - 4,
    "middle",
    site.fg,
  );
}

/** A person's round avatar with initials. */
export function avatar(
  svg: Svg,
  cx: number,
  cy: number,
  r: number,
  initials: string,
  bg: string,
): void {
  svg.circle(cx, cy, r, bg);
  svg.text(cx, cy + r * 0.36, initials, `${r >= 18 ? "s14" : "s11"} b w`, r * 2 - 4, "middle");
}

/** A search field with a placeholder. */
export function searchField(svg: Svg, x: number, y: number, w: number, placeholder: string): void {
  svg.box(x, y, w, 36, C.surface, C.field, 8);
  svg.icon("search", x + 12, y + 10, 16, C.inkSoft);
  svg.text(x + 38, y + 23, placeholder, "s13 g", w - 50);
}

export type ButtonKind = "primary" | "secondary" | "danger";

/** A button sized to `w`, its label centred. */
export function button(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  label: string,
  kind: ButtonKind = "primary",
  h = 36,
  icon?: IconName,
): void {
  const fill = kind === "primary" ? C.brandDark : C.surface;
  if (kind === "primary") svg.rect(x, y, w, h, fill, 8);
  else svg.box(x, y, w, h, fill, kind === "danger" ? C.danger : C.field, 8);
  const cls = `s13 b ${kind === "primary" ? "w" : kind === "danger" ? "r" : "k"}`;
  if (icon) {
    svg.icon(icon, x + 12, y + h / 2 - 8, 16, kind === "primary" ? "#FFFFFF" : C.ink);
    svg.text(x + 36, y + h / 2 + 5, label, cls, w - 46);
  } else svg.text(x + w / 2, y + h / 2 + 5, label, cls, w - 20, "middle");
}

/** An on/off switch, 36×20. */
export function toggle(svg: Svg, x: number, y: number, on: boolean): void {
  svg.rect(x, y, 36, 20, on ? C.brandDark : "#98A6B5", 10);
  svg.circle(on ? x + 26 : x + 10, y + 10, 7, "#FFFFFF");
}

/** A checkbox, 18×18. */
export function checkbox(svg: Svg, x: number, y: number, on: boolean): void {
  if (on) {
    svg.rect(x, y, 18, 18, C.brandDark, 4);
    svg.icon("check", x + 2, y + 2, 14, "#FFFFFF");
  } else svg.box(x, y, 18, 18, C.surface, C.field, 4);
}

export type Tone = "danger" | "warn" | "success" | "brand" | "neutral";

const TONES: Record<Tone, [string, string]> = {
  danger: [C.dangerSoft, "r"],
  warn: [C.warnSoft, "am"],
  success: [C.successSoft, "ok"],
  brand: [C.soft, "p"],
  neutral: [C.alt, "g"],
};

/** A pill-shaped label, `w` wide. */
export function badge(svg: Svg, x: number, y: number, w: number, label: string, tone: Tone): void {
  const [fill, cls] = TONES[tone];
  svg.rect(x, y, w, 22, fill, 11);
  svg.text(x + w / 2, y + 15, label, `s11 b ${cls}`, w - 14, "middle");
}

/** A masked password. */
export function dots(svg: Svg, x: number, y: number, count: number, max: number): void {
  svg.text(x, y, "•".repeat(count), "s14 k dots", max);
}

/** A meter of `n` segments, `lit` of them in `colour`. */
export function meter(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  n: number,
  lit: number,
  colour: string,
): void {
  const gap = 4;
  const seg = Math.floor((w - gap * (n - 1)) / n);
  for (let i = 0; i < n; i += 1)
    svg.rect(x + i * (seg + gap), y, seg, 6, i < lit ? colour : C.line, 3);
}

/** A ring gauge showing `value` of 100 around the centre. */
export function ring(
  svg: Svg,
  cx: number,
  cy: number,
  r: number,
  value: number,
  colour: string,
  width = 10,
): void {
  const length = 2 * Math.PI * r;
  const on = Math.round((length * value) / 100);
  svg.raw(
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${C.line}" stroke-width="${width}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-dasharray="${on} ${Math.ceil(length)}" transform="rotate(-90 ${cx} ${cy})"/>`,
  );
}
