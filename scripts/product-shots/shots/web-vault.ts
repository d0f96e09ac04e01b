/** The web vault: the vault as a table in a browser tab at its own address. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { APP, avatar, backdrop, button, checkbox, endWindow, logo, tile } from "../ui";
import { browserWindow } from "./browser";
import { initials } from "./vault";

export const size = { width: 1000, height: 750 };

export const WEB_VAULT_HOST = "vault.keynest.example";

export function draw(t: Strings, lang: string): Svg {
  const v = t.webVault;
  const n = t.nav;
  const svg = new Svg(size.width, size.height, v.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const tab = { title: v.tab, icon: (x: number, y: number) => logo(svg, x, y, 16) };
  const { top } = browserWindow(svg, "chrome", X, Y, W, H, tab, WEB_VAULT_HOST, "/#/vault");

  // The vault's own header.
  svg.rect(X, top, W, 56, C.side);
  logo(svg, X + 20, top + 14, 28);
  svg.text(X + 58, top + 34, APP, "s16 h w", 90);
  svg.text(X + 144, top + 34, v.name, "s13 m sb", 140);
  svg.rect(X + 300, top + 11, 380, 34, C.sideActive, 8);
  svg.icon("search", X + 312, top + 20, 16, C.sideText);
  svg.text(X + 338, top + 33, t.common.search, "s13 sb", 320);
  avatar(svg, X + W - 36, top + 28, 15, initials(t.owner.name), C.brand);
  svg.text(X + W - 60, top + 33, t.owner.name, "s13 m w", 160, "end");

  // Filters on the left.
  const body = top + 56;
  const NW = 196;
  svg.rect(X, body, NW, Y + H - body, C.alt).rect(X + NW, body, 1, Y + H - body, C.line);
  const filters: [IconName, string][] = [
    ["grid", n.all],
    ["star", n.favorites],
    ["key", n.logins],
    ["card", n.cards],
    ["note", n.notes],
  ];
  let fy = body + 16;
  filters.forEach(([icon, label], i) => {
    if (!i) svg.rect(X + 10, fy, NW - 20, 32, C.soft, 8);
    svg.icon(icon, X + 22, fy + 8, 16, i ? C.inkSoft : C.brandDark);
    svg.text(X + 46, fy + 21, label, `s13 ${i ? "k" : "b p"}`, NW - 60);
    fy += 36;
  });
  fy += 14;
  svg.text(X + 22, fy, n.folders, "s11 b g", NW - 40);
  [n.personal, n.work, n.household].forEach((label, i) => {
    svg.icon("folder", X + 22, fy + 14 + i * 34, 16, C.inkSoft);
    svg.text(X + 46, fy + 27 + i * 34, label, "s13 k", NW - 60);
  });

  // The table.
  const MX = X + NW + 28;
  const MW = X + W - MX - 28;
  svg.text(MX, body + 42, n.all, "s20 h k", MW - 200);
  svg.text(MX, body + 64, t.common.items(214), "s12 g", 200);
  const bw = Math.max(130, estimate(v.newItem, 13) + 52);
  button(svg, MX + MW - bw, body + 22, bw, v.newItem, "primary", 36, "plus");
  const ty = body + 84;
  const cols = [MX + 52, MX + 250, MX + 460, MX + MW - 16];
  const rows: [SiteName, string, number][] = [
    ["amazon", t.owner.email, 0],
    ["dropbox", t.owner.email, 1],
    ["github", t.owner.handle, 1],
    ["google", t.owner.email, 0],
    ["netflix", t.owner.email, 2],
    ["paypal", t.owner.email, 0],
    ["slack", `${t.owner.email.split("@")[0]}@northwind.io`, 1],
    ["spotify", t.owner.email, 2],
  ];
  const rowH = 50;
  svg.box(MX, ty, MW, 40 + rows.length * rowH, C.surface, C.line, 10);
  checkbox(svg, MX + 16, ty + 11, false);
  v.cols.forEach((label, i) => {
    const max = i < 3 ? nth(cols, i + 1) - nth(cols, i) - 16 : 120;
    svg.text(nth(cols, i), ty + 25, label, "s12 b g", max, i === 3 ? "end" : "start");
  });
  const folders = [n.personal, n.work, n.household];
  rows.forEach(([site, user, folder], i) => {
    const ry = ty + 40 + i * rowH;
    svg.hr(MX + 1, ry, MW - 2);
    if (i === 2) svg.rect(MX + 1, ry + 1, MW - 2, rowH - 1, "#F3F8FD");
    checkbox(svg, MX + 16, ry + 16, i === 2);
    tile(svg, nth(cols, 0), ry + 10, 30, site);
    svg.text(nth(cols, 0) + 42, ry + 30, SITES[site].name, "s13 b k", 150);
    svg.text(nth(cols, 1), ry + 30, user, "s12 k", 196);
    svg.icon("folder", nth(cols, 2), ry + 17, 16, C.inkSoft);
    svg.text(nth(cols, 2) + 24, ry + 30, nth(folders, folder), "s12 k", 110);
    svg.text(nth(cols, 3), ry + 30, nth(v.dates, i), "s12 g", 120, "end");
  });
  endWindow(svg);
  return svg;
}
