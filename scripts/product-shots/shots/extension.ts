/** The browser extension: its popup open from the toolbar over a shop's sign-in page. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { SITES, type Site, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { APP, backdrop, endWindow, logo, tile } from "../ui";
import { browserWindow } from "./browser";
import { BROWSER_NAMES, browserMark, type Browser } from "./marks";

export const size = { width: 1000, height: 750 };

/** The shop the pictures sign in to, a made-up one. */
export const SHOP: Site = {
  name: "Pinecart",
  domain: "pinecart.com",
  letter: "P",
  bg: "#1F7A4D",
  fg: "#FFFFFF",
};

export function draw(t: Strings, lang: string, which: Browser): Svg {
  const e = t.extension;
  const a = t.autofill;
  const name = BROWSER_NAMES[which];
  const svg = new Svg(size.width, size.height, e.title(name), lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const tab = { title: e.tab, icon: (x: number, y: number) => tile(svg, x, y, 16, SHOP) };
  const frame = browserWindow(svg, which, X, Y, W, H, tab, SHOP.domain, "/signin");

  // The shop's page.
  const top = frame.top;
  svg.rect(X, top, W, Y + H - top, "#F4F7F5");
  svg.rect(X, top, W, 56, C.surface).hr(X, top + 56, W);
  tile(svg, X + 32, top + 14, 28, SHOP);
  svg.text(X + 70, top + 35, SHOP.name, "s18 h", 140, "start", SHOP.bg);
  svg.rect(X + 210, top + 12, 300, 32, "#EEF2EF", 16);
  svg.icon("search", X + 224, top + 20, 16, C.inkSoft);
  const CW = 380;
  const CX = X + 60;
  const CY = top + 92;
  svg.box(CX, CY, CW, 420, C.surface, "#DCE5DF", 14);
  svg.text(CX + 32, CY + 54, e.heading, "s20 h k", CW - 64);
  const field = (fy: number, label: string, value: string, password = false) => {
    svg.text(CX + 32, fy, label, "s13 b k", CW - 64);
    svg.box(CX + 32, fy + 12, CW - 64, 42, C.surface, C.field, 8);
    if (password) svg.text(CX + 46, fy + 39, "•".repeat(14), "s14 k dots", CW - 100);
    else svg.text(CX + 46, fy + 38, value, "s14 k", CW - 100);
    svg.rect(CX + CW - 62, fy + 23, 20, 20, C.brand, 5);
    svg.icon("key", CX + CW - 59, fy + 26, 14, "#FFFFFF");
  };
  field(CY + 96, a.email, t.owner.email);
  field(CY + 180, a.password, "", true);
  svg.rect(CX + 32, CY + 266, CW - 64, 44, SHOP.bg, 8);
  svg.text(CX + CW / 2, CY + 294, a.signIn, "s14 b w", CW - 100, "middle");
  svg.text(CX + CW / 2, CY + 342, a.forgot, "s13 m", CW - 64, "middle", SHOP.bg);
  svg.hr(CX + 32, CY + 366, CW - 64);
  svg.text(CX + CW / 2, CY + 396, e.create, "s13 g", CW - 64, "middle");

  // The popup, hanging from the toolbar button.
  const PW = 360;
  const PH = 500;
  const PX = Math.min(frame.button.x + 40, X + W - 12) - PW;
  const PY = frame.button.y + 10;
  svg.raw(
    `<path d="M${frame.button.x - 8} ${PY + 1}l8-8 8 8z" fill="${C.surface}" stroke="${C.line}"/>`,
  );
  svg.rect(PX, PY, PW, PH, C.surface, 12, ' filter="url(#sh)"');
  svg.box(PX, PY, PW, PH, "none", C.line, 12);
  svg.rect(frame.button.x - 7, PY + 1, 14, 2, C.surface);
  logo(svg, PX + 16, PY + 16, 28);
  svg.text(PX + 54, PY + 30, APP, "s14 h k", 150);
  browserMark(svg, which, PX + 54, PY + 35, 11);
  svg.text(PX + 70, PY + 45, e.forBrowser(name), "s11 g", 140);
  svg.icon("lock", PX + PW - 74, PY + 22, 16, C.inkSoft);
  svg.icon("gear", PX + PW - 40, PY + 22, 16, C.inkSoft);
  svg.box(PX + 16, PY + 60, PW - 32, 34, C.alt, C.line, 8);
  svg.icon("search", PX + 28, PY + 69, 16, C.inkSoft);
  svg.text(PX + 52, PY + 82, t.common.search, "s13 g", PW - 80);

  svg.text(PX + 16, PY + 122, e.forSite, "s11 b g", PW - 32);
  const fw = Math.max(58, estimate(a.fill, 12) + 22);
  const logins = [t.owner.email, `${t.owner.email.split("@")[0]}@northwind.io`];
  logins.forEach((user, i) => {
    const ry = PY + 132 + i * 54;
    if (i === 0) svg.rect(PX + 8, ry, PW - 16, 50, C.soft, 8);
    tile(svg, PX + 18, ry + 10, 30, SHOP);
    svg.text(
      PX + 60,
      ry + 22,
      i ? `${SHOP.name} · ${t.nav.work}` : SHOP.name,
      "s13 b k",
      PW - 90 - fw,
    );
    svg.text(PX + 60, ry + 39, user, "s12 g", PW - 90 - fw);
    const bx = PX + PW - 18 - fw;
    if (i === 0) svg.rect(bx, ry + 12, fw, 26, C.brandDark, 6);
    else svg.box(bx, ry + 12, fw, 26, C.surface, C.field, 6);
    svg.text(bx + fw / 2, ry + 30, a.fill, `s12 b ${i ? "k" : "w"}`, fw - 12, "middle");
  });

  svg.hr(PX + 1, PY + 246, PW - 2);
  svg.text(PX + 16, PY + 272, t.nav.favorites, "s11 b g", PW - 32);
  const favourites: SiteName[] = ["github", "google", "netflix"];
  favourites.forEach((site, i) => {
    const ry = PY + 282 + i * 46;
    tile(svg, PX + 18, ry + 8, 28, site);
    svg.text(PX + 58, ry + 21, SITES[site].name, "s13 b k", PW - 130);
    svg.text(
      PX + 58,
      ry + 37,
      site === "github" ? t.owner.handle : t.owner.email,
      "s11 g",
      PW - 130,
    );
    svg.icon("copy", PX + PW - 66, ry + 14, 16, C.inkSoft);
    svg.icon("key", PX + PW - 36, ry + 14, 16, C.inkSoft);
  });

  // Its tabs.
  const tabY = PY + PH - 60;
  svg.hr(PX + 1, tabY, PW - 2);
  const icons: IconName[] = ["key", "refresh", "pulse", "gear"];
  const tw = PW / 4;
  t.devices.tabs.forEach((label, i) => {
    const cx = PX + tw * i + tw / 2;
    const colour = i ? C.inkSoft : C.brandDark;
    svg.icon(nth(icons, i), cx - 9, tabY + 10, 18, colour);
    svg.text(cx, tabY + 44, label, `s11 ${i ? "m g" : "b p"}`, tw - 4, "middle");
  });
  endWindow(svg);
  return svg;
}

const variant = (which: Browser) => ({
  size,
  draw: (t: Strings, lang: string) => draw(t, lang, which),
});

export const chrome = variant("chrome");
export const firefox = variant("firefox");
export const edge = variant("edge");
export const safari = variant("safari");
