/** The desktop app, in a Windows 11 window over the taskbar and in a macOS window over the Dock. */
import type { Strings } from "../strings/types";
import { Svg, estimate } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { APP, badge, dots, logo, ring, searchField, tile } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";
import { captionButtons } from "./browser";
import { browserMark, windowsMark } from "./marks";

export const size = { width: 1000, height: 750 };

const LIST: SiteName[] = ["amazon", "dropbox", "github", "google", "linkedin", "netflix", "paypal"];

/** The item list and the open item, in the box from (x, y), w by h. */
function vaultPane(
  svg: Svg,
  t: Strings,
  x: number,
  y: number,
  w: number,
  h: number,
  open: SiteName,
  unlocked: string,
): void {
  const LW = 270;
  svg.rect(x, y, LW, h, C.alt).rect(x + LW, y, 1, h, C.line);
  searchField(svg, x + 14, y + 14, LW - 28, t.common.search);
  svg.text(x + 14, y + 74, t.nav.all, "s14 h k", 150);
  svg.text(x + LW - 14, y + 74, t.common.items(214), "s11 g", 100, "end");
  LIST.forEach((site, i) => {
    const ry = y + 86 + i * 56;
    if (ry + 56 > y + h) return;
    if (site === open)
      svg.rect(x + 6, ry, LW - 12, 52, C.soft, 8).rect(x + 6, ry + 10, 3, 32, C.brand, 1);
    tile(svg, x + 16, ry + 10, 32, site);
    svg.text(x + 60, ry + 23, SITES[site].name, "s13 b k", LW - 80);
    svg.text(x + 60, ry + 40, site === "github" ? t.owner.handle : t.owner.email, "s11 g", LW - 80);
  });

  const DX = x + LW + 1;
  const DW = w - LW - 1;
  const pad = 28;
  const site = SITES[open];
  tile(svg, DX + pad, y + 28, 52, open);
  svg.text(DX + pad + 68, y + 50, site.name, "s20 h k", DW - pad * 2 - 80);
  svg.text(DX + pad + 68, y + 72, site.domain, "s12 p", DW - pad * 2 - 80);
  const card = DW - pad * 2;
  const rows: [string, (at: number) => void][] = [
    [t.common.username, (at) => svg.text(DX + pad + 16, at, t.owner.email, "s14 m k", card - 70)],
    [
      t.common.password,
      (at) => {
        dots(svg, DX + pad + 16, at, 14, 150);
        badge(svg, DX + pad + 170, at - 16, 84, t.common.strong, "success");
      },
    ],
    [
      t.vault.otp,
      (at) => {
        svg.text(DX + pad + 16, at, "730 215", "s16 b p mono", 100);
        ring(svg, DX + pad + 110, at - 5, 8, 40, C.brand, 3);
      },
    ],
    [
      t.common.website,
      (at) => svg.text(DX + pad + 16, at, `https://${site.domain}`, "s14 m p", card - 70),
    ],
  ];
  const cy = y + 104;
  svg.box(DX + pad, cy, card, rows.length * 60, C.surface, C.line, 10);
  rows.forEach(([label, value], i) => {
    const fy = cy + i * 60;
    if (i) svg.hr(DX + pad + 1, fy, card - 2);
    svg.text(DX + pad + 16, fy + 22, label, "s11 m g", card - 60);
    value(fy + 44);
    svg.icon("copy", DX + pad + card - 34, fy + 22, 16, C.inkSoft);
  });
  const uy = cy + rows.length * 60 + 22;
  const uw = Math.min(card, estimate(unlocked, 12) + 48);
  svg.rect(DX + pad, uy, uw, 30, C.successSoft, 15);
  svg.icon("lock", DX + pad + 12, uy + 7, 16, C.success);
  svg.text(DX + pad + 36, uy + 20, unlocked, "s12 b ok", uw - 46);
  svg.hr(DX + pad, uy + 54, card);
  svg.icon("clock", DX + pad, uy + 70, 16, C.inkSoft);
  svg.text(DX + pad + 24, uy + 83, t.vault.edited, "s12 g", card - 24);
}

export function drawWindows(t: Strings, lang: string): Svg {
  const d = t.desktop;
  const svg = new Svg(size.width, size.height, d.windowsTitle, lang);
  // The desktop's wallpaper: soft blue folds.
  svg.raw(
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#D7E8F8"/><stop offset="1" stop-color="#9CC3EA"/></linearGradient></defs>`,
  );
  svg.rect(0, 0, size.width, size.height, "url(#wall)");
  svg.raw(
    `<path d="M420 702C520 520 700 380 1000 330V702z" fill="#7FAEE0" opacity=".55"/><path d="M560 702C640 580 780 500 1000 470V702z" fill="#5F97D6" opacity=".5"/>`,
  );
  const [X, Y, W, H] = [40, 26, 920, 640];
  svg.rect(X, Y, W, H, C.surface, 8, ' filter="url(#sh)"');
  svg.raw(
    `<clipPath id="win"><rect x="${X}" y="${Y}" width="${W}" height="${H}" rx="8"/></clipPath><g clip-path="url(#win)">`,
  );
  // The title bar: the app's icon and name, and the caption buttons.
  svg.rect(X, Y, W, 36, "#F3F3F3");
  logo(svg, X + 14, Y + 10, 16);
  svg.text(X + 40, Y + 23, APP, "s12 k", 200);
  captionButtons(svg, X + W, Y + 18);
  appSidebar(svg, t, X, Y + 36, H - 36, "all");
  vaultPane(svg, t, X + SIDEBAR, Y + 36, W - SIDEBAR, H - 36, "dropbox", d.hello);
  svg.raw("</g>");
  svg.box(X, Y, W, H, "none", "#B7C4D2", 8);

  // The taskbar: start, search, the pinned apps and the clock.
  const TY = size.height - 48;
  svg.rect(0, TY, size.width, 48, "#F2F5F9").hr(0, TY, size.width, "#D0D8E2");
  const sx = 318;
  windowsMark(svg, sx, TY + 14, 20);
  svg.rect(sx + 36, TY + 8, 170, 32, "#FFFFFF", 16, ` stroke="#D0D8E2"`);
  svg.icon("search", sx + 48, TY + 16, 16, C.ink);
  svg.text(sx + 72, TY + 29, d.search, "s12 g", 126);
  const apps: [string, IconName | "edge" | "app"][] = [
    ["#F5B731", "folder"],
    ["", "edge"],
    ["#1D4ED8", "note"],
    ["", "app"],
  ];
  apps.forEach(([bg, kind], i) => {
    const ax = sx + 222 + i * 44;
    if (kind === "app") {
      svg.rect(ax - 4, TY + 4, 36, 40, "#E3E9F1", 6);
      logo(svg, ax + 2, TY + 10, 24);
      svg.rect(ax + 8, TY + 42, 12, 3, C.brand, 2);
    } else if (kind === "edge") browserMark(svg, "edge", ax + 2, TY + 12, 24);
    else {
      svg.rect(ax + 2, TY + 12, 24, 24, bg, 5);
      svg.icon(kind, ax + 6, TY + 16, 16, "#FFFFFF");
    }
  });
  const rx = size.width - 16;
  svg.text(rx, TY + 21, "10:42", "s12 k", 70, "end");
  svg.text(rx, TY + 38, d.date, "s12 k", 90, "end");
  svg.icon("globe", rx - 130, TY + 16, 16, C.ink);
  svg.icon("down", rx - 158, TY + 16, 16, C.ink);
  return svg;
}

export function drawMacos(t: Strings, lang: string): Svg {
  const d = t.desktop;
  const n = t.nav;
  const svg = new Svg(size.width, size.height, d.macTitle, lang);
  svg.raw(
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#C9DDF2"/><stop offset=".55" stop-color="#A9C2E6"/><stop offset="1" stop-color="#8D9FD9"/></linearGradient></defs>`,
  );
  svg.rect(0, 0, size.width, size.height, "url(#wall)");
  svg.raw(`<path d="M0 560C240 470 520 520 1000 380V750H0z" fill="#7F94D2" opacity=".45"/>`);

  // The menu bar.
  svg.rect(0, 0, size.width, 28, "#FFFFFF", 0, ' fill-opacity=".72"');
  svg.text(18, 19, APP, "s13 h k", 70);
  let mx = 98;
  d.menus.forEach((label) => {
    const w = estimate(label, 13) + 4;
    svg.text(mx, 19, label, "s13 k", w);
    mx += w + 14;
  });
  svg.text(size.width - 16, 19, d.clock, "s13 k", 150, "end");
  logo(svg, size.width - 200, 6, 16);
  svg.icon("search", size.width - 230, 6, 16, C.ink);

  // The window: a light sidebar under the traffic lights, then the vault.
  const [X, Y, W, H] = [40, 52, 920, 580];
  svg.rect(X, Y, W, H, C.surface, 12, ' filter="url(#sh)"');
  svg.raw(
    `<clipPath id="win"><rect x="${X}" y="${Y}" width="${W}" height="${H}" rx="12"/></clipPath><g clip-path="url(#win)">`,
  );
  const SW = 228;
  svg.rect(X, Y, SW, H, "#EDF0F4").rect(X + SW, Y, 1, H, "#D5DBE3");
  ["#FF5F57", "#FEBC2E", "#28C840"].forEach((colour, i) =>
    svg.circle(X + 20 + i * 20, Y + 20, 6, colour),
  );
  const items: [IconName, string, string][] = [
    ["grid", n.all, "214"],
    ["star", n.favorites, "12"],
    ["key", n.logins, "186"],
    ["card", n.cards, "6"],
    ["note", n.notes, "22"],
    ["users", n.family, ""],
    ["pulse", n.health, ""],
  ];
  let y = Y + 48;
  items.forEach(([icon, label, count], i) => {
    if (i === 0) svg.rect(X + 10, y, SW - 20, 30, "#D6E4F3", 7);
    svg.icon(icon, X + 20, y + 7, 16, C.brandDark);
    svg.text(X + 44, y + 20, label, `s13 ${i ? "k" : "b k"}`, SW - (count ? 90 : 60));
    if (count) svg.text(X + SW - 20, y + 20, count, "s12 g", 30, "end");
    y += 34;
  });
  y += 14;
  svg.text(X + 20, y, n.folders, "s11 b g", SW - 40);
  [n.personal, n.work, n.household].forEach((label, i) => {
    svg.icon("folder", X + 20, y + 14 + i * 34, 16, C.brandDark);
    svg.text(X + 44, y + 27 + i * 34, label, "s13 k", SW - 60);
  });
  svg.hr(X + 14, Y + H - 56, SW - 28, "#D5DBE3");
  svg.circle(X + 34, Y + H - 28, 14, C.brand);
  svg.text(X + 34, Y + H - 23, "AM", "s11 b w", 24, "middle");
  svg.text(X + 56, Y + H - 24, t.owner.name, "s12 b k", SW - 70);
  vaultPane(svg, t, X + SW + 1, Y, W - SW - 1, H, "google", d.touchId);
  svg.raw("</g>");

  // The Dock.
  const icons = ["#3C8DE8", "#F5B731", "#34C759", "#E5484D", "#8E6CEF", "app", "#98A2B3"];
  const glyphs: IconName[] = ["grid", "folder", "globe", "note", "chart", "key", "gear"];
  const DW = icons.length * 58 + 20;
  const DX = (size.width - DW) / 2;
  const DY = size.height - 84;
  svg.rect(
    DX,
    DY,
    DW,
    72,
    "#FFFFFF",
    20,
    ' fill-opacity=".45" stroke="#FFFFFF" stroke-opacity=".6"',
  );
  icons.forEach((colour, i) => {
    const ix = DX + 14 + i * 58;
    if (colour === "app") {
      logo(svg, ix, DY + 10, 50);
      svg.circle(ix + 25, DY + 66, 2.5, C.ink);
    } else {
      svg.rect(ix, DY + 10, 50, 50, colour, 12);
      svg.icon(glyphs[i] ?? "grid", ix + 11, DY + 21, 28, "#FFFFFF");
    }
  });
  return svg;
}

export const windows = { size, draw: drawWindows };
export const macos = { size, draw: drawMacos };
