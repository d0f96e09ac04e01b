/** Import: the file from another manager read, its items reviewed before they are saved. */
import type { Strings } from "../strings/types";
import { Svg, nth } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C } from "../theme";
import { APP, appWindow, backdrop, badge, button, checkbox, endWindow, tile } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const m = t.import;
  const svg = new Svg(size.width, size.height, m.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "settings");
  const MX = X + SIDEBAR + 32;
  const MW = X + W - MX - 32;
  svg.text(MX, top + 36, m.crumb, "s12 m g", MW);
  svg.text(MX, top + 64, m.heading, "s20 h k", MW);

  // Where the import is: two steps done, the review under way.
  let y = top + 88;
  const sw = MW / 4;
  m.steps.forEach((label, i) => {
    const sx = MX + i * sw;
    if (i) svg.rect(sx - sw + 40, y + 13, sw - 48, 2, i < 3 ? C.brandDark : C.line, 1);
    if (i < 2) {
      svg.circle(sx + 14, y + 14, 14, C.brandDark);
      svg.icon("check", sx + 7, y + 7, 14, "#FFFFFF");
    } else {
      svg.circle(
        sx + 14,
        y + 14,
        13,
        i === 2 ? C.surface : C.alt,
        ` stroke="${i === 2 ? C.brandDark : C.field}" stroke-width="2"`,
      );
      svg.text(sx + 14, y + 19, String(i + 1), `s12 b ${i === 2 ? "p" : "g"}`, 20, "middle");
    }
    svg.text(sx, y + 46, label, `s12 ${i === 2 ? "b k" : "m g"}`, sw - 12);
  });

  // The file read.
  y += 68;
  svg.box(MX, y, MW, 64, C.alt, C.line, 12);
  svg.raw(`<rect x="${MX + 16}" y="${y + 14}" width="36" height="36" rx="8" fill="#D32D27"/>`);
  svg.text(MX + 34, y + 38, "LP", "s13 h w", 32, "middle");
  svg.text(MX + 66, y + 28, m.file, "s14 b k", MW - 330);
  svg.text(MX + 66, y + 47, m.found, "s12 g", MW - 330);
  badge(svg, MX + MW - 236, y + 21, 220, m.dupes, "warn");

  // What it holds.
  y += 80;
  const rows: [SiteName, string, number][] = [
    ["amazon", t.owner.email, 0],
    ["github", t.owner.handle, 1],
    ["google", t.owner.email, 2],
    ["netflix", t.owner.email, 3],
    ["paypal", t.owner.email, 4],
    ["slack", `${t.owner.email.split("@")[0]}@northwind.io`, 5],
  ];
  const rowH = 44;
  svg.box(MX, y, MW, 40 + rows.length * rowH, C.surface, C.line, 12);
  checkbox(svg, MX + 16, y + 11, true);
  svg.text(MX + 48, y + 25, t.common.items(248), "s12 b g", 200);
  rows.forEach(([site, user, i]) => {
    const ry = y + 40 + i * rowH;
    const dupe = m.statuses[i] !== m.statuses[0];
    svg.hr(MX + 1, ry, MW - 2);
    if (dupe) svg.rect(MX + 1, ry + 1, MW - 2, rowH - 1, "#FFFBF2");
    checkbox(svg, MX + 16, ry + 13, true);
    tile(svg, MX + 48, ry + 7, 30, site);
    svg.text(MX + 90, ry + 19, SITES[site].name, "s13 b k", 150);
    svg.text(MX + 90, ry + 35, user, "s11 g", 170);
    svg.text(MX + 280, ry + 27, "•".repeat(10), "s13 g dots", 100);
    badge(svg, MX + MW - 250, ry + 11, 116, nth(m.statuses, i), dupe ? "warn" : "success");
    if (dupe) svg.text(MX + MW - 20, ry + 27, m.merge, "s12 b p", 110, "end");
  });

  // Reassurance, and the way on.
  y += 40 + rows.length * rowH + 16;
  svg.icon("shield", MX, y + 2, 16, C.success);
  svg.text(MX + 24, y + 14, m.safe, "s12 g", MW - 24);
  y += 32;
  button(svg, MX + MW - 420, y, 120, m.back, "secondary", 40);
  button(svg, MX + MW - 288, y, 288, m.go, "primary", 40, "upload");
  endWindow(svg);
  return svg;
}
