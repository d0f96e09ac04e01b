/** The teams admin console: the security score, members, policies and the latest activity. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { C, type IconName } from "../theme";
import {
  appWindow,
  avatar,
  backdrop,
  badge,
  button,
  endWindow,
  ring,
  sidebar,
  toggle,
} from "../ui";
import { PEOPLE_COLOURS } from "./family";
import { initials } from "./vault";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const m = t.teams;
  const svg = new Svg(size.width, size.height, m.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, m.window);
  const icons: IconName[] = ["chart", "users", "grid", "folder", "shield", "clock"];
  sidebar(
    svg,
    X,
    top,
    200,
    H - 41,
    m.nav.map((label, i) => ({ icon: nth(icons, i), label })),
    0,
  );
  const MX = X + 200 + 28;
  const MW = X + W - MX - 28;
  svg.text(MX, top + 46, m.heading, "s22 h k", 300);
  svg.text(MX, top + 68, "Northwind · KeyNest Teams", "s13 g", 300);
  const iw = Math.max(170, estimate(m.invite, 13) + 60);
  button(svg, MX + MW - iw, top + 24, iw, m.invite, "primary", 38, "plus");

  // Four figures.
  let y = top + 88;
  const cw = Math.floor((MW - 36) / 4);
  const stats: [string, string, string][] = [
    [m.score, "86", m.scoreNote],
    [m.members, "48", m.membersNote],
    [m.twoFa, "94%", "45 / 48"],
    [m.weak, "7", m.weakNote],
  ];
  stats.forEach(([label, value, note], i) => {
    const sx = MX + i * (cw + 12);
    svg.box(sx, y, cw, 100, C.surface, C.line, 12);
    svg.text(sx + 16, y + 28, label, "s12 b g", cw - 32);
    if (i === 0) ring(svg, sx + cw - 34, y + 56, 14, 86, C.success, 5);
    svg.text(sx + 16, y + 66, value, `s28 h ${i === 3 ? "am" : "k"}`, 90);
    svg.text(sx + 16, y + 86, note, `s12 ${i === 0 ? "ok b" : "g"}`, cw - 32);
  });

  // Members, with their groups and roles.
  y += 118;
  const LW = 380;
  const bw = Math.max(72, ...m.roles.map((role) => estimate(role, 11) + 16));
  const groupMax = LW - 16 - bw - 204;
  const rowH = 60;
  svg.box(MX, y, LW, 44 + rowH * 5, C.surface, C.line, 12);
  svg.text(MX + 16, y + 28, nth(m.table, 0), "s12 b g", 180);
  svg.text(MX + 196, y + 28, nth(m.table, 1), "s12 b g", groupMax);
  svg.text(MX + LW - 16, y + 28, nth(m.table, 2), "s12 b g", 70, "end");
  const groups = [0, 1, 2, 0, 3];
  const roles = [0, 1, 2, 2, 2];
  t.staff.forEach((person, i) => {
    const ry = y + 44 + i * rowH;
    svg.hr(MX + 1, ry, LW - 2);
    avatar(svg, MX + 32, ry + 30, 16, initials(person.name), nth(PEOPLE_COLOURS, i));
    svg.text(MX + 56, ry + 25, person.name, "s13 b k", 134);
    svg.text(MX + 56, ry + 42, person.email, "s11 g", 134);
    svg.text(MX + 196, ry + 35, nth(m.groups, nth(groups, i)), "s12 k", groupMax);
    badge(
      svg,
      MX + LW - 16 - bw,
      ry + 19,
      bw,
      nth(m.roles, nth(roles, i)),
      nth(roles, i) < 2 ? "brand" : "neutral",
    );
  });

  // Policies and activity.
  const RX = MX + LW + 16;
  const RW = MX + MW - RX;
  svg.box(RX, y, RW, 170, C.surface, C.line, 12);
  svg.text(RX + 16, y + 28, m.policies, "s14 b k", RW - 32);
  m.policy.forEach((label, i) => {
    const py = y + 44 + i * 42;
    svg.hr(RX + 1, py, RW - 2);
    svg.text(RX + 16, py + 26, label, "s13 k", RW - 76);
    toggle(svg, RX + RW - 52, py + 11, true);
  });
  const ay = y + 186;
  const AH = 44 + rowH * 5 - 186;
  svg.box(RX, ay, RW, AH, C.surface, C.line, 12);
  svg.text(RX + 16, ay + 28, m.activity, "s14 b k", RW - 32);
  m.events.forEach((event, i) => {
    const ey = ay + 40 + i * 36;
    svg.circle(RX + 20, ey + 10, 4, nth([C.brand, C.success, C.warnFill], i));
    svg.text(RX + 32, ey + 14, event, "s12 k", RW - 48);
    svg.text(RX + 32, ey + 29, nth(m.when, i), "s11 g", RW - 48);
  });
  endWindow(svg);
  return svg;
}
