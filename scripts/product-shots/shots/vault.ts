/** The vault: the sidebar, the item list and the GitHub login open beside it. */
import type { Strings } from "../strings/types";
import { Svg } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C } from "../theme";
import {
  APP,
  appWindow,
  endWindow,
  avatar,
  backdrop,
  badge,
  button,
  dots,
  ring,
  searchField,
  tile,
} from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";

export const size = { width: 1200, height: 900 };

export function draw(t: Strings, lang: string): Svg {
  const svg = new Svg(size.width, size.height, t.vault.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [40, 40, 1120, 820];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "all");

  // The list.
  const LX = X + SIDEBAR;
  const LW = 380;
  svg.rect(LX, top, LW, H - 41, C.alt, 0).rect(LX + LW, top, 1, H - 53, C.line);
  searchField(svg, LX + 16, top + 16, LW - 32, t.common.search);
  svg.text(LX + 16, top + 80, t.nav.all, "s16 h k", 200);
  svg.text(LX + LW - 16, top + 80, t.common.items(214), "s12 g", 140, "end");
  const rows: [SiteName, string][] = [
    ["amazon", t.owner.email],
    ["dropbox", t.owner.email],
    ["github", t.owner.handle],
    ["google", t.owner.email],
    ["linkedin", t.owner.email],
    ["netflix", t.owner.email],
    ["paypal", t.owner.email],
    ["spotify", t.owner.email],
    ["visa", t.vault.cardSub],
  ];
  let y = top + 96;
  rows.forEach(([site, sub], i) => {
    const on = i === 2;
    if (on) svg.rect(LX + 8, y, LW - 16, 62, C.soft, 10).rect(LX + 8, y + 12, 3, 38, C.brand, 1);
    tile(svg, LX + 20, y + 13, 36, site);
    svg.text(LX + 68, y + 28, SITES[site].name, "s14 b k", LW - 100);
    svg.text(LX + 68, y + 47, sub, "s12 g", LW - 100);
    if (i === 2) svg.icon("star", LX + LW - 40, y + 23, 16, C.warnFill);
    y += 64;
  });
  // A secure note closes the list.
  svg.rect(LX + 20, y + 13, 36, 36, "#E0E7EF", 8);
  svg.icon("note", LX + 28, y + 21, 20, C.inkSoft);
  svg.text(LX + 68, y + 28, t.vault.wifi, "s14 b k", LW - 100);
  svg.text(LX + 68, y + 47, t.vault.noteSub, "s12 g", LW - 100);

  // The open item.
  const DX = LX + LW + 1;
  const DW = X + W - DX;
  const pad = 36;
  let dy = top + 36;
  tile(svg, DX + pad, dy, 64, "github");
  svg.text(DX + pad + 84, dy + 28, "GitHub", "s24 h k", DW - 300);
  badge(svg, DX + pad + 84, dy + 40, 72, t.nav.work, "brand");
  svg.icon("star", DX + DW - pad - 128, dy + 20, 20, C.warnFill);
  button(svg, DX + DW - pad - 92, dy + 12, 92, t.common.edit, "secondary");
  dy += 100;

  const fields: [string, (at: number) => void][] = [
    [t.common.username, (at) => svg.text(DX + pad + 20, at, t.owner.handle, "s15 m k", DW - 160)],
    [
      t.common.password,
      (at) => {
        dots(svg, DX + pad + 20, at, 16, 170);
        badge(svg, DX + pad + 186, at - 16, 96, t.common.strong, "success");
      },
    ],
    [
      t.vault.otp,
      (at) => {
        svg.text(DX + pad + 20, at, "482 913", "s18 b p mono", 120);
        ring(svg, DX + pad + 124, at - 6, 9, 60, C.brand, 3);
        svg.text(DX + pad + 140, at - 1, "18", "s12 g", 30);
      },
    ],
    [
      t.common.website,
      (at) => svg.text(DX + pad + 20, at, "https://github.com/login", "s15 m p", DW - 160),
    ],
    [t.vault.passkey, (at) => svg.text(DX + pad + 20, at, t.vault.passkeyValue, "s14 k", DW - 160)],
  ];
  const card = DW - pad * 2;
  svg.box(DX + pad, dy, card, fields.length * 66, C.surface, C.line, 12);
  fields.forEach(([label, value], i) => {
    const fy = dy + i * 66;
    if (i) svg.hr(DX + pad + 1, fy, card - 2);
    svg.text(DX + pad + 20, fy + 24, label, "s12 m g", card - 100);
    value(fy + 48);
    const copyX = DX + pad + card - 40;
    if (i < 4) svg.icon("copy", copyX, fy + 25, 16, C.inkSoft);
    if (i === 1) svg.icon("eye", copyX - 32, fy + 25, 16, C.inkSoft);
  });
  dy += fields.length * 66 + 28;
  svg.text(DX + pad, dy + 10, t.vault.notes, "s12 m g", card);
  svg.box(DX + pad, dy + 22, card, 56, C.alt, C.line, 12);
  svg.text(DX + pad + 20, dy + 55, t.vault.notesText, "s14 k", card - 40);
  svg.hr(DX + pad, dy + 110, card);
  svg.icon("clock", DX + pad, dy + 128, 16, C.inkSoft);
  svg.text(DX + pad + 24, dy + 141, t.vault.edited, "s12 g", card - 24);

  // The signed-in person, at the foot of the sidebar.
  const fy = Y + H - 72;
  svg.hr(X + 16, fy - 12, SIDEBAR - 32, C.sideActive);
  avatar(svg, X + 38, fy + 20, 18, initials(t.owner.name), C.brand);
  svg.text(X + 66, fy + 16, t.owner.name, "s13 b w", SIDEBAR - 80);
  svg.text(X + 66, fy + 34, "Premium", "s12 sb", SIDEBAR - 80);
  endWindow(svg);
  return svg;
}

/** Latin and Cyrillic names give two initials; Chinese and Japanese ones the given name's first character. */
export function initials(name: string): string {
  if (/[\u3040-\u9fff]/.test(name)) {
    const given = name.split(/\s+/).at(-1) ?? name;
    const chars = [...given];
    return (name.includes(" ") ? chars[0] : chars.at(-1)) ?? "";
  }
  return name
    .split(/\s+/)
    .map((part) => [...part][0])
    .slice(0, 2)
    .join("");
}
