/** The plan page in settings: a lifetime plan, paid once, with what it includes. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { C } from "../theme";
import { APP, appWindow, avatar, backdrop, badge, button, endWindow } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";
import { PEOPLE_COLOURS } from "./family";
import { initials } from "./vault";

export const size = { width: 1000, height: 750 };

function draw(t: Strings, lang: string, family: boolean): Svg {
  const p = t.plan;
  const svg = new Svg(size.width, size.height, family ? p.familyTitle : p.premiumTitle, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "settings");
  const MX = X + SIDEBAR + 32;
  const MW = X + W - MX - 32;
  svg.text(MX, top + 36, p.crumb, "s12 m g", MW);
  svg.text(MX, top + 64, p.heading, "s20 h k", MW);

  // The plan.
  let y = top + 86;
  const cardH = family ? 214 : 150;
  svg.rect(MX, y, MW, cardH, C.deep, 14);
  svg.raw(
    `<clipPath id="pc"><rect x="${MX}" y="${y}" width="${MW}" height="${cardH}" rx="14"/></clipPath>` +
      `<circle cx="${MX + MW - 40}" cy="${y + 20}" r="110" fill="${C.sideActive}" fill-opacity=".6" clip-path="url(#pc)"/>`,
  );
  svg.text(MX + 24, y + 44, family ? "KeyNest Family" : "KeyNest Premium", "s24 h w", MW - 220);
  const lw = Math.max(90, estimate(p.lifetime, 12) + 28);
  svg.rect(MX + MW - 24 - lw, y + 22, lw, 28, "#F79009", 14);
  svg.text(MX + MW - 24 - lw / 2, y + 41, p.lifetime, "s12 h k", lw - 16, "middle");
  svg.text(MX + 24, y + 72, p.paid, "s14 sb", MW - 48);
  svg.text(MX + 24, y + 116, p.next, "s12 sb", MW / 2 - 40);
  svg.text(MX + 24, y + 134, p.none, "s14 b w", MW / 2 - 40);
  svg.text(MX + MW / 2, y + 116, p.devicesLabel, "s12 sb", MW / 2 - 24);
  svg.text(MX + MW / 2, y + 134, p.unlimited, "s14 b w", MW / 2 - 24);
  if (family) {
    svg.hr(MX + 24, y + 154, MW - 48, C.sideActive);
    t.people.forEach((person, i) => {
      const cx = MX + 42 + i * 40;
      if (i < 4) avatar(svg, cx, y + 184, 16, initials(person.name), nth(PEOPLE_COLOURS, i));
      else svg.circle(cx, y + 184, 15.5, "none", ` stroke="${C.sideText}" stroke-dasharray="3 3"`);
    });
    svg.circle(
      MX + 42 + 5 * 40,
      y + 184,
      15.5,
      "none",
      ` stroke="${C.sideText}" stroke-dasharray="3 3"`,
    );
    svg.text(MX + 290, y + 189, p.seats, "s13 sb", MW - 290 - 150);
    const iw = Math.max(116, estimate(t.family.invite, 13) + 56);
    button(svg, MX + MW - 24 - iw, y + 166, iw, t.family.invite, "secondary", 36, "plus");
  }

  // Included, for good.
  y += cardH + 20;
  const features = family ? [...p.familyFeatures, ...p.features.slice(2)] : p.features;
  svg.box(MX, y, MW, 50 + Math.ceil(features.length / 2) * 36, C.surface, C.line, 12);
  svg.text(MX + 20, y + 30, p.included, "s14 b k", MW - 40);
  const colW = (MW - 40) / 2;
  features.forEach((feature, i) => {
    const fx = MX + 20 + (i % 2) * colW;
    const fy = y + 50 + Math.floor(i / 2) * 36;
    svg.circle(fx + 10, fy + 12, 10, C.successSoft);
    svg.icon("check", fx + 4, fy + 6, 12, C.success);
    svg.text(fx + 28, fy + 17, feature, "s13 k", colW - 36);
  });

  // The one payment.
  y += 50 + Math.ceil(features.length / 2) * 36 + 20;
  svg.text(MX, y + 14, p.history, "s14 b k", MW);
  y += 26;
  svg.box(MX, y, MW, 56, C.surface, C.line, 12);
  svg.icon("card", MX + 18, y + 20, 16, C.inkSoft);
  svg.text(MX + 46, y + 24, family ? p.familyLicence : p.premiumLicence, "s13 b k", MW - 330);
  svg.text(MX + 46, y + 42, p.paidOn, "s12 g", MW - 330);
  const pw = Math.max(70, estimate(p.paidBadge, 11) + 20);
  badge(svg, MX + MW - 150 - pw, y + 17, pw, p.paidBadge, "success");
  svg.text(MX + MW - 18, y + 33, p.receipt, "s13 b p", 110, "end");
  endWindow(svg);
  return svg;
}

export const lifetime = { size, draw: (t: Strings, lang: string) => draw(t, lang, false) };
export const familyLifetime = { size, draw: (t: Strings, lang: string) => draw(t, lang, true) };
