/** The platforms' marks, each drawn as a few plain shapes (no logo files). */
import type { Svg } from "../svg";

export type Browser = "chrome" | "firefox" | "edge" | "safari";

export const BROWSER_NAMES: Record<Browser, string> = {
  chrome: "Chrome",
  firefox: "Firefox",
  edge: "Edge",
  safari: "Safari",
};

const f = (n: number) => Math.round(n * 100) / 100;

/** A wedge of the circle at (cx, cy) from angle a to b, in degrees clockwise from the top. */
function wedge(cx: number, cy: number, r: number, a: number, b: number, fill: string): string {
  const at = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${f(cx + r * Math.cos(rad))} ${f(cy + r * Math.sin(rad))}`;
  };
  return `<path d="M${cx} ${cy}L${at(a)}A${r} ${r} 0 0 1 ${at(b)}z" fill="${fill}"/>`;
}

/** A browser's mark, `size` px across, its top left at (x, y). */
export function browserMark(svg: Svg, which: Browser, x: number, y: number, size: number): void {
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  if (which === "chrome") {
    svg.raw(
      wedge(cx, cy, r, -60, 60, "#DB4437") +
        wedge(cx, cy, r, 60, 180, "#0F9D58") +
        wedge(cx, cy, r, 180, 300, "#F4B400"),
    );
    svg.circle(cx, cy, f(r * 0.5), "#FFFFFF").circle(cx, cy, f(r * 0.38), "#4285F4");
  } else if (which === "firefox") {
    svg.circle(cx, cy, r, "#FF7139");
    svg.circle(f(cx + r * 0.12), f(cy + r * 0.1), f(r * 0.62), "#7542E5");
    svg.raw(
      `<path d="M${f(cx - r * 0.9)} ${f(cy - r * 0.1)}a${f(r * 0.92)} ${f(r * 0.92)} 0 0 0 ${f(r * 1.7)} ${f(r * 0.5)}a${f(r * 0.7)} ${f(r * 0.7)} 0 0 1 ${f(-r * 1.2)} ${f(-r * 0.9)}z" fill="#FFA436"/>`,
    );
  } else if (which === "edge") {
    svg.circle(cx, cy, r, "#0C59A4");
    svg.raw(
      `<path d="M${f(cx - r)} ${f(cy + r * 0.05)}a${r} ${r} 0 0 1 ${f(r * 1.98)} ${f(-r * 0.05)}c0 ${f(r * 0.55)}-${f(r * 0.5)} ${f(r * 0.7)}-${f(r * 0.85)} ${f(r * 0.45)}c${f(r * 0.3)}-${f(r * 0.7)}-${f(r * 0.6)}-${f(r * 1.1)}-${f(r * 1.13)}-${f(r * 0.4)}z" fill="#35C1F1"/>`,
    );
    svg.circle(f(cx + r * 0.05), f(cy + r * 0.32), f(r * 0.32), "#2DBE6C");
  } else {
    svg.circle(cx, cy, r, "#1B8CF2").circle(cx, cy, f(r * 0.82), "#FFFFFF", ' fill-opacity=".2"');
    svg.raw(
      `<g transform="rotate(45 ${cx} ${cy})"><path d="M${cx} ${f(cy - r * 0.78)}l${f(r * 0.16)} ${f(r * 0.78)}h${f(-r * 0.32)}z" fill="#FF3B30"/><path d="M${cx} ${f(cy + r * 0.78)}l${f(r * 0.16)} ${f(-r * 0.78)}h${f(-r * 0.32)}z" fill="#FFFFFF"/></g>`,
    );
  }
}

/** Four blue panes: the mark on the Windows start button. */
export function windowsMark(svg: Svg, x: number, y: number, size: number): void {
  const s = (size - 2) / 2;
  for (const [dx, dy] of [
    [0, 0],
    [s + 2, 0],
    [0, s + 2],
    [s + 2, s + 2],
  ] as const)
    svg.rect(x + dx, y + dy, s, s, "#0078D4", 1);
}
