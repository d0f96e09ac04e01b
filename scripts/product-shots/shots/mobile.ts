/** The phone app: the vault list on an iPhone and on Android, and autofill over the keyboard. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { avatar, backdrop, endWindow, logo, tile } from "../ui";
import { SHOP } from "./extension";
import { PHONE_SIZE, homeIndicator, keyboard, phone, type Screen } from "./phone";
import { initials } from "./vault";

export const size = PHONE_SIZE;

const LIST: SiteName[] = ["amazon", "dropbox", "github", "google", "netflix", "paypal", "spotify"];
const TAB_ICONS: IconName[] = ["key", "refresh", "pulse", "gear"];

const userOf = (t: Strings, site: SiteName) => (site === "github" ? t.owner.handle : t.owner.email);

/** Chips that scroll sideways: the first one chosen. */
function chips(svg: Svg, t: Strings, s: Screen, y: number, android: boolean): void {
  let cx = s.x + 18;
  let full = false;
  [t.nav.all, t.nav.logins, t.nav.cards, t.nav.notes].forEach((label, i) => {
    const w = estimate(label, 13) + (android && !i ? 44 : 28);
    full ||= cx + w > s.x + s.w - 12;
    if (full) return;
    if (!i) svg.rect(cx, y, w, 32, android ? "#D6E6F5" : C.brandDark, android ? 8 : 16);
    else if (android) svg.box(cx, y, w, 32, C.surface, "#98A6B5", 8);
    else svg.rect(cx, y, w, 32, "#E4E7EC", 16);
    if (android && !i) svg.icon("check", cx + 10, y + 8, 16, C.deep);
    const tx = android && !i ? cx + 32 : cx + 14;
    svg.text(tx, y + 21, label, `s13 m ${i ? "k" : android ? "dp" : "w"}`, w - (tx - cx) - 10);
    cx += w + 8;
  });
}

/** The tab bar: Vault, Generator, Health, Settings. */
function tabs(svg: Svg, t: Strings, s: Screen, android: boolean): void {
  const h = android ? 92 : 86;
  const y = s.y + s.h - h;
  svg.rect(s.x, y, s.w, h, android ? "#EEF3F8" : "#F8F9FB");
  if (!android) svg.hr(s.x, y, s.w);
  const tw = s.w / 4;
  t.devices.tabs.forEach((label, i) => {
    const cx = s.x + tw * i + tw / 2;
    if (android && !i) svg.rect(cx - 30, y + 10, 60, 32, "#CFE2F3", 16);
    const colour = i ? C.inkSoft : android ? C.deep : C.brandDark;
    svg.icon(nth(TAB_ICONS, i), cx - 10, y + (android ? 16 : 10), 20, colour);
    const cls = `s11 ${i ? "m g" : android ? "b dp" : "b p"}`;
    svg.text(cx, y + (android ? 60 : 48), label, cls, tw - 4, "middle");
  });
  homeIndicator(svg, s);
}

export function drawIos(t: Strings, lang: string): Svg {
  const m = t.mobile;
  const svg = new Svg(size.width, size.height, m.iosTitle, lang);
  backdrop(svg);
  const s = phone(svg, "ios", "#F2F4F7");
  svg.text(s.x + 20, s.y + 86, m.edit, "s16 m p", 120);
  svg.circle(s.x + s.w - 34, s.y + 80, 16, C.surface);
  svg.icon("plus", s.x + s.w - 43, s.y + 71, 18, C.brandDark);
  svg.text(s.x + 20, s.y + 136, t.devices.vault, "s30 h k", s.w - 90);
  logo(svg, s.x + s.w - 52, s.y + 110, 32);
  svg.rect(s.x + 16, s.y + 152, s.w - 32, 38, "#E4E7EC", 10);
  svg.icon("search", s.x + 28, s.y + 163, 16, C.inkSoft);
  svg.text(s.x + 52, s.y + 176, t.common.search, "s14 g", s.w - 90);
  chips(svg, t, s, s.y + 204, false);

  // Grouped lists: favourites, then everything.
  const group = (y: number, title: string, sites: SiteName[]) => {
    svg.text(s.x + 32, y, title, "s13 b g", s.w - 64);
    svg.rect(s.x + 16, y + 10, s.w - 32, sites.length * 58, C.surface, 12);
    sites.forEach((site, i) => {
      const ry = y + 10 + i * 58;
      if (i) svg.hr(s.x + 74, ry, s.w - 90);
      tile(svg, s.x + 28, ry + 12, 34, site);
      svg.text(s.x + 74, ry + 26, SITES[site].name, "s15 b k", s.w - 130);
      svg.text(s.x + 74, ry + 44, userOf(t, site), "s12 g", s.w - 130);
      svg.icon("right", s.x + s.w - 44, ry + 21, 16, "#98A6B5");
    });
    return y + 10 + sites.length * 58 + 30;
  };
  let y = group(s.y + 270, t.nav.favorites, ["github", "google"]);
  y = group(y, t.nav.all, ["amazon", "dropbox", "netflix", "paypal", "spotify"]);
  tabs(svg, t, s, false);
  endWindow(svg);
  return svg;
}

export function drawAndroid(t: Strings, lang: string): Svg {
  const m = t.mobile;
  const svg = new Svg(size.width, size.height, m.androidTitle, lang);
  backdrop(svg);
  const s = phone(svg, "android", "#F8FAFC");
  // The search bar at the top, with the account's avatar.
  svg.rect(s.x + 16, s.y + 62, s.w - 32, 52, "#E8EEF4", 26);
  svg.raw(
    `<path d="M${s.x + 36} ${s.y + 82}h16M${s.x + 36} ${s.y + 88}h16M${s.x + 36} ${s.y + 94}h16" stroke="${C.ink}" stroke-width="1.8" stroke-linecap="round"/>`,
  );
  svg.text(s.x + 68, s.y + 94, t.common.search, "s15 g", s.w - 150);
  avatar(svg, s.x + s.w - 46, s.y + 88, 16, initials(t.owner.name), C.brand);
  chips(svg, t, s, s.y + 130, true);
  svg.text(s.x + 20, s.y + 196, t.nav.all, "s14 b k", s.w - 140);
  svg.text(s.x + s.w - 20, s.y + 196, t.common.items(214), "s12 g", 110, "end");
  LIST.slice(0, 6).forEach((site, i) => {
    const ry = s.y + 210 + i * 68;
    tile(svg, s.x + 20, ry + 14, 40, site);
    svg.text(s.x + 76, ry + 32, SITES[site].name, "s16 m k", s.w - 140);
    svg.text(s.x + 76, ry + 52, userOf(t, site), "s13 g", s.w - 140);
    svg.icon("copy", s.x + s.w - 44, ry + 26, 18, C.inkSoft);
  });
  // The floating button for a new item.
  const fw = Math.max(140, estimate(m.newItem, 14) + 64);
  const fy = s.y + s.h - 92 - 80;
  svg.rect(s.x + s.w - 18 - fw, fy + 2, fw, 56, "#B7CCE0", 16);
  svg.rect(s.x + s.w - 18 - fw, fy, fw, 56, "#CFE2F3", 16);
  svg.icon("plus", s.x + s.w - 18 - fw + 18, fy + 18, 20, C.deep);
  svg.text(s.x + s.w - 18 - fw + 48, fy + 34, m.newItem, "s14 b dp", fw - 62);
  tabs(svg, t, s, true);
  endWindow(svg);
  return svg;
}

export function drawAutofill(t: Strings, lang: string): Svg {
  const m = t.mobile;
  const a = t.autofill;
  const svg = new Svg(size.width, size.height, m.autofillTitle, lang);
  backdrop(svg);
  const s = phone(svg, "ios", "#F4F7F5");
  // Safari's address bar, the shop's page and its sign-in form.
  svg.rect(s.x, s.y + 54, s.w, 56, "#F8F9FB").hr(s.x, s.y + 110, s.w);
  svg.rect(s.x + 14, s.y + 62, s.w - 28, 40, "#E4E7EC", 12);
  svg.icon("lock", s.x + s.w / 2 - 62, s.y + 75, 14, C.inkSoft);
  svg.text(s.x + s.w / 2 - 42, s.y + 87, SHOP.domain, "s15 m k", 160);
  tile(svg, s.x + 20, s.y + 128, 28, SHOP);
  svg.text(s.x + 58, s.y + 149, SHOP.name, "s18 h", 160, "start", SHOP.bg);
  svg.text(s.x + 20, s.y + 200, t.extension.heading, "s20 h k", s.w - 40);
  const field = (y: number, label: string, focused: boolean) => {
    svg.text(s.x + 20, y, label, "s13 b k", s.w - 40);
    if (focused) svg.rect(s.x + 17, y + 9, s.w - 34, 50, "#C6E3D3", 11);
    svg.box(s.x + 20, y + 12, s.w - 40, 44, C.surface, focused ? SHOP.bg : C.field, 9);
    if (focused) svg.rect(s.x + 34, y + 24, 2, 20, SHOP.bg);
  };
  field(s.y + 236, a.email, true);
  field(s.y + 318, a.password, false);
  svg.rect(s.x + 20, s.y + 398, s.w - 40, 46, SHOP.bg, 9);
  svg.text(s.x + s.w / 2, s.y + 427, a.signIn, "s15 b w", s.w - 60, "middle");

  // Above the keyboard: the form's arrows, then the login KeyNest suggests.
  const ky = s.y + s.h - 320;
  svg.rect(s.x, ky - 46, s.w, 46, "#F1F2F4").hr(s.x, ky - 46, s.w, "#C9CDD3");
  svg.raw(
    `<path d="M${s.x + 22} ${ky - 18}l8-8 8 8M${s.x + 56} ${ky - 26}l8 8 8-8" stroke="${C.brandDark}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  svg.text(s.x + s.w - 20, ky - 17, m.done, "s15 b p", 100, "end");
  svg.rect(s.x, ky, s.w, 62, "#D3D6DC");
  svg.rect(s.x + 8, ky + 8, s.w - 16, 48, "#F4F5F7", 10);
  svg.icon("key", s.x + 22, ky + 24, 16, C.inkSoft);
  svg.text(s.x + s.w / 2 + 8, ky + 29, t.owner.email, "s14 b k", s.w - 110, "middle");
  svg.text(s.x + s.w / 2 + 8, ky + 46, m.from, "s11 g", s.w - 110, "middle");
  keyboard(svg, s, ky + 62, m.space, m.go);
  homeIndicator(svg, s);
  endWindow(svg);
  return svg;
}

export const ios = { size, draw: drawIos };
export const android = { size, draw: drawAndroid };
export const iosAutofill = { size, draw: drawAutofill };
