/** Password health: the score, breached, weak and reused passwords, each with its fix. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { APP, appWindow, backdrop, button, endWindow, ring, tile } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const a = t.alerts;
  const svg = new Svg(size.width, size.height, a.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "health");
  const MX = X + SIDEBAR + 32;
  const MW = X + W - MX - 32;
  svg.text(MX, top + 48, a.heading, "s22 h k", MW);

  // The score and the three counts.
  let y = top + 70;
  const scoreW = 250;
  svg.box(MX, y, scoreW, 112, C.surface, C.line, 12);
  ring(svg, MX + 56, y + 56, 32, 72, C.warnFill, 8);
  svg.text(MX + 56, y + 64, "72", "s22 h k", 50, "middle");
  svg.text(MX + 104, y + 48, a.score, "s14 b k", scoreW - 116);
  svg.text(MX + 104, y + 68, nth(a.scoreNote, 0), "s12 g", scoreW - 116);
  svg.text(MX + 104, y + 84, nth(a.scoreNote, 1), "s12 g", scoreW - 116);
  const counts: [string, string, IconName, string, string][] = [
    [a.breached, "2", "alert", C.danger, C.dangerSoft],
    [a.weak, "5", "key", C.warn, C.warnSoft],
    [a.reused, "8", "copy", C.warn, C.warnSoft],
  ];
  const cw = Math.floor((MW - scoreW - 36) / 3);
  counts.forEach(([label, n, icon, ink, soft], i) => {
    const cx = MX + scoreW + 12 + i * (cw + 12);
    svg.box(cx, y, cw, 112, C.surface, C.line, 12);
    svg.rect(cx + 16, y + 16, 32, 32, soft, 8);
    svg.icon(icon, cx + 24, y + 24, 16, ink);
    svg.text(cx + cw - 16, y + 46, n, "s30 h k", cw - 72, "end");
    svg.text(cx + 16, y + 90, label, `s13 b ${i ? "am" : "r"}`, cw - 32);
  });

  // Filters.
  y += 136;
  const tabs = [`${a.all} 15`, `${a.breached} 2`, `${a.weak} 5`, `${a.reused} 8`];
  let tx = MX;
  tabs.forEach((label, i) => {
    const tw = 28 + Math.max(56, estimate(label, 13));
    if (i === 0) svg.rect(tx, y, tw, 32, C.deep, 16);
    else svg.box(tx, y, tw, 32, C.surface, C.field, 16);
    svg.text(tx + tw / 2, y + 21, label, `s13 b ${i ? "k" : "w"}`, tw - 16, "middle");
    tx += tw + 8;
  });

  // The items, worst first.
  y += 48;
  const rows: [SiteName, number, "r" | "am"][] = [
    ["linkedin", 0, "r"],
    ["adobe", 1, "r"],
    ["dropbox", 2, "am"],
    ["ebay", 3, "am"],
    ["spotify", 4, "am"],
    ["zoom", 5, "am"],
  ];
  const rowH = 56;
  svg.box(MX, y, MW, rowH * rows.length, C.surface, C.line, 12);
  rows.forEach(([site, issue, tone], i) => {
    const ry = y + i * rowH;
    if (i) svg.hr(MX + 1, ry, MW - 2);
    tile(svg, MX + 16, ry + 12, 32, site);
    svg.text(MX + 60, ry + 25, SITES[site].name, "s14 b k", 140);
    svg.text(MX + 60, ry + 43, t.owner.email, "s12 g", 144);
    const icon: IconName = tone === "r" ? "alert" : issue === 3 || issue === 4 ? "copy" : "key";
    svg.icon(icon, MX + 214, ry + 20, 16, tone === "r" ? C.danger : C.warn);
    svg.text(MX + 238, ry + 33, nth(a.issues, issue), `s13 m ${tone}`, MW - 238 - 176);
    button(svg, MX + MW - 166, ry + 11, 150, a.change, i < 2 ? "primary" : "secondary", 34);
  });
  endWindow(svg);
  return svg;
}
