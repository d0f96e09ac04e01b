/** Form controls' edges reach 3:1 against the backgrounds they sit on (WCAG 1.4.11), read from app.css. */
import { describe, expect, it } from "vitest";
import { readStylesheet } from "../../../scripts/stylesheet";

const css = readStylesheet();

/** The custom properties declared in the first `:root { … }` block. */
function rootVariables(source: string): Map<string, string> {
  const body = /:root\s*\{([\s\S]*?)\n\}/.exec(source)?.[1] ?? "";
  const vars = new Map<string, string>();
  const withoutComments = body.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    vars.set(match[1]!, match[2]!.trim());
  }
  return vars;
}

function resolve(vars: Map<string, string>, value: string, depth = 0): string {
  const ref = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(value.trim());
  if (!ref) return value.trim();
  if (depth > 10) throw new Error(`var() cycle at ${value}`);
  const name = ref[1]!;
  const next = vars.get(name) ?? ref[2];
  if (next === undefined) throw new Error(`${name} is not declared in :root`);
  return resolve(vars, next, depth + 1);
}

/** #rgb, #rrggbb, rgb()/rgba() with an opaque alpha → [r, g, b] in 0–255. */
function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const digits = hex[1]!;
    const h = digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const fn = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:[\s,/]+([\d.]+))?\s*\)$/i.exec(color);
  if (fn && (fn[4] === undefined || Number(fn[4]) === 1)) {
    return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  }
  throw new Error(`not an opaque colour this test reads: ${color}`);
}

function luminance(color: string): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(color);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const vars = rootVariables(css);
const token = (name: string) => resolve(vars, `var(${name})`);

describe("contrast()", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#767676", "#ffffff", 4.54],
    ["rgba(15, 135, 215, 1)", "#fff", 3.84],
  ])("%s on %s is %f:1", (a, b, ratio) => {
    expect(contrast(a, b)).toBeCloseTo(ratio, 1);
  });
});

describe("form control edges", () => {
  const backgrounds = ["--surface", "--surface-alt", "--brand-soft"];

  it.each(backgrounds)("--field-border is at least 3:1 against %s", (background) => {
    expect(contrast(token("--field-border"), token(background))).toBeGreaterThanOrEqual(3);
  });

  it.each(backgrounds)("--field-border-hover is at least 3:1 against %s", (background) => {
    expect(contrast(token("--field-border-hover"), token(background))).toBeGreaterThanOrEqual(3);
  });

  it("--line is decoration only: it would fail as a control's edge", () => {
    expect(contrast(token("--line"), token("--surface"))).toBeLessThan(3);
  });

  it.each([".field select", ".header-search", ".search-form input", ".password-input__toggle"])(
    "%s is edged with --field-border",
    (selector) => {
      const at = css.indexOf(`${selector} {`);
      expect(at, `${selector} rule in app.css`).toBeGreaterThan(-1);
      const rule = css.slice(at, css.indexOf("}", at));
      expect(rule).toMatch(/border:\s*1px solid var\(--field-border\)/);
    },
  );

  it("the focus ring stays visible: the brand outline is at least 3:1 on white", () => {
    expect(css).toMatch(/:focus-visible\s*\{\s*outline:\s*3px solid var\(--brand\)/);
    expect(contrast(token("--brand"), token("--surface"))).toBeGreaterThanOrEqual(3);
  });
});
