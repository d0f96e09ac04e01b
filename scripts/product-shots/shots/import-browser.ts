/** Importing from a browser: the browser chosen, its export steps, the CSV file read. */
import type { Strings } from "../strings/types";
import { Svg } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C } from "../theme";
import { APP, appWindow, backdrop, button, checkbox, endWindow, tile } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";
import { BROWSER_NAMES, browserMark, type Browser } from "./marks";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const b = t.importBrowser;
  const svg = new Svg(size.width, size.height, b.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "settings");
  const MX = X + SIDEBAR + 32;
  const MW = X + W - MX - 32;
  svg.text(MX, top + 36, t.import.crumb, "s12 m g", MW);
  svg.text(MX, top + 64, b.heading, "s20 h k", MW);

  // Which browser: Chrome chosen.
  let y = top + 86;
  const browsers: Browser[] = ["chrome", "edge", "firefox", "safari"];
  const bw = (MW - 36) / 4;
  browsers.forEach((which, i) => {
    const bx = MX + i * (bw + 12);
    if (i) svg.box(bx, y, bw, 56, C.surface, C.line, 10);
    else svg.rect(bx, y, bw, 56, C.brandDark, 10).rect(bx + 2, y + 2, bw - 4, 52, C.soft, 8);
    browserMark(svg, which, bx + 14, y + 16, 24);
    svg.text(bx + 48, y + 33, BROWSER_NAMES[which], `s14 ${i ? "m k" : "b k"}`, bw - 80);
    if (!i) {
      svg.circle(bx + bw - 20, y + 28, 9, C.brandDark);
      svg.icon("check", bx + bw - 26, y + 22, 12, "#FFFFFF");
    }
  });

  // How to export from Chrome.
  y += 74;
  svg.box(MX, y, MW, 132, C.alt, C.line, 12);
  b.steps.forEach((step, i) => {
    const sy = y + 20 + i * 36;
    svg.circle(MX + 30, sy + 10, 11, C.surface, ` stroke="${C.brandDark}" stroke-width="1.5"`);
    svg.text(MX + 30, sy + 15, String(i + 1), "s12 b p", 16, "middle");
    if (i === 0)
      svg.rich(
        MX + 52,
        sy + 15,
        `${step} <tspan class="mono p">chrome://password-manager/settings</tspan>`,
        `${step} chrome://password-manager/settings`,
        "s13 k",
        MW - 70,
      );
    else svg.text(MX + 52, sy + 15, step, "s13 k", MW - 70);
  });

  // The file, read, and what it holds.
  y += 148;
  svg.box(MX, y, MW, 64, C.surface, C.brand, 12);
  svg.rect(MX + 16, y + 14, 36, 36, C.successSoft, 8);
  svg.text(MX + 34, y + 37, "CSV", "s10 h ok", 30, "middle");
  svg.text(MX + 66, y + 28, b.file, "s14 b k", MW - 130);
  svg.text(MX + 66, y + 47, b.found, "s12 g", MW - 130);
  svg.icon("check", MX + MW - 36, y + 24, 16, C.success);

  y += 76;
  const rows: [SiteName, string][] = [
    ["google", t.owner.email],
    ["github", t.owner.handle],
    ["netflix", t.owner.email],
    ["zoom", t.owner.email],
  ];
  const rowH = 40;
  svg.box(MX, y, MW, rows.length * rowH, C.surface, C.line, 12);
  rows.forEach(([site, user], i) => {
    const ry = y + i * rowH;
    if (i) svg.hr(MX + 1, ry, MW - 2);
    checkbox(svg, MX + 16, ry + 11, true);
    tile(svg, MX + 46, ry + 8, 24, site);
    svg.text(MX + 80, ry + 25, SITES[site].name, "s13 b k", 110);
    svg.text(MX + 200, ry + 25, SITES[site].domain, "s12 g", 170);
    svg.text(MX + 380, ry + 25, user, "s12 k", MW - 400);
  });

  // A warning about the plain file, and the way on.
  y += rows.length * rowH + 16;
  svg.icon("alert", MX, y, 16, C.warn);
  svg.text(MX + 24, y + 12, b.deleteFile, "s12 am", MW - 24);
  y += 28;
  button(svg, MX + MW - 420, y, 120, t.import.back, "secondary", 40);
  button(svg, MX + MW - 288, y, 288, b.go, "primary", 40, "upload");
  endWindow(svg);
  return svg;
}
