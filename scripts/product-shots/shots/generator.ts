/** The password generator: a new password, its strength, the length and the kinds of characters. */
import type { Strings } from "../strings/types";
import { Svg, esc, estimate } from "../svg";
import { C } from "../theme";
import { APP, appWindow, backdrop, button, endWindow, meter, toggle } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";

export const size = { width: 1000, height: 750 };

const PASSWORD = "k9#Tq2!vLm8@Wz4$rXp6";

export function draw(t: Strings, lang: string): Svg {
  const g = t.generator;
  const svg = new Svg(size.width, size.height, g.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "generator");

  const MX = X + SIDEBAR + 36;
  const MW = X + W - MX - 36;
  svg.text(MX, top + 50, g.heading, "s22 h k", MW - 260);
  // Password or passphrase.
  const segW = 124;
  svg.rect(MX + MW - segW * 2 - 8, top + 24, segW * 2 + 8, 38, C.alt, 10);
  svg.rect(MX + MW - segW * 2 - 4, top + 28, segW, 30, C.surface, 8, ` stroke="${C.line}"`);
  svg.text(MX + MW - segW * 1.5 - 4, top + 48, g.password, "s13 b k", segW - 16, "middle");
  svg.text(MX + MW - segW / 2 - 4, top + 48, g.passphrase, "s13 m g", segW - 16, "middle");

  // The password, digits and symbols in their own colours.
  let y = top + 80;
  svg.box(MX, y, MW, 84, C.alt, C.line, 12);
  const cw = Math.max(76, estimate(t.common.copy, 13) + 28);
  const spans = [...PASSWORD]
    .map((ch) =>
      /\d/.test(ch)
        ? `<tspan class="p">${ch}</tspan>`
        : /[^A-Za-z]/.test(ch)
          ? `<tspan class="r">${esc(ch)}</tspan>`
          : ch,
    )
    .join("");
  svg.rich(MX + 24, y + 52, spans, PASSWORD, "s28 m k mono", MW - cw - 110);
  svg.box(MX + MW - cw - 72, y + 22, 40, 40, C.surface, C.field, 8);
  svg.icon("refresh", MX + MW - cw - 62, y + 32, 20, C.ink);
  button(svg, MX + MW - cw - 20, y + 22, cw, t.common.copy, "primary", 40);
  y += 102;
  meter(svg, MX, y, MW, 4, 4, C.success);
  svg.text(MX, y + 30, g.strength, "s14 b ok", 260);
  svg.text(MX + MW, y + 30, g.bits, "s13 g", MW - 280, "end");

  // Length.
  y += 54;
  svg.box(MX, y, MW, 84, C.surface, C.line, 12);
  svg.text(MX + 20, y + 32, g.length, "s14 b k", 200);
  svg.box(MX + MW - 72, y + 14, 52, 30, C.surface, C.field, 6);
  svg.text(MX + MW - 46, y + 34, "20", "s14 b k", 40, "middle");
  const [sx, sw] = [MX + 20, MW - 40];
  const knob = sx + Math.round((sw * (20 - 8)) / 120);
  svg.rect(sx, y + 58, sw, 6, C.line, 3).rect(sx, y + 58, knob - sx, 6, C.brandDark, 3);
  svg.circle(knob, y + 61, 10, C.surface, ` stroke="${C.brandDark}" stroke-width="2"`);
  svg.text(sx, y + 80, "8", "s11 g", 20);
  svg.text(sx + sw, y + 80, "128", "s11 g", 30, "end");

  // The kinds of characters.
  y += 100;
  const options: [string, boolean][] = [
    [g.upper, true],
    [g.lower, true],
    [g.digits, true],
    [g.symbols, true],
    [g.similar, false],
  ];
  svg.box(MX, y, MW, options.length * 46, C.surface, C.line, 12);
  options.forEach(([label, on], i) => {
    const oy = y + i * 46;
    if (i) svg.hr(MX + 1, oy, MW - 2);
    svg.text(MX + 20, oy + 28, label, "s14 k", MW - 100);
    toggle(svg, MX + MW - 56, oy + 13, on);
  });
  y += options.length * 46 + 18;
  button(svg, MX, y, 200, g.save, "primary", 40, "plus");
  button(svg, MX + 212, y, 200, g.regenerate, "secondary", 40, "refresh");
  endWindow(svg);
  return svg;
}
