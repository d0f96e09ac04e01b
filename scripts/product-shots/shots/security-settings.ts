/** Account security: two-step login, the hardware key, recovery code, devices and sign-ins. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { C, type IconName } from "../theme";
import { APP, appWindow, backdrop, badge, button, endWindow } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const s = t.security;
  const svg = new Svg(size.width, size.height, s.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "settings");
  const MX = X + SIDEBAR + 28;
  const MW = X + W - MX - 28;
  svg.text(MX, top + 36, s.crumb, "s12 m g", MW);
  svg.text(MX, top + 64, s.heading, "s20 h k", MW);

  // Two-step login and its methods.
  let y = top + 84;
  const methods: [IconName, string, string, string | undefined][] = [
    ["clock", s.authApp, s.authSince, undefined],
    ["key", s.hardwareKey, s.keySince, undefined],
    ["note", s.recovery, s.recoverySince, s.show],
  ];
  const boxH = 56 + methods.length * 56;
  svg.box(MX, y, MW, boxH, C.surface, C.line, 12);
  svg.rect(MX + 16, y + 14, 32, 32, C.successSoft, 8);
  svg.icon("shield", MX + 24, y + 22, 16, C.success);
  const onW = Math.max(56, estimate(s.on, 11) + 20);
  svg.text(MX + 60, y + 36, s.twoStep, "s15 b k", MW - 100 - onW);
  badge(svg, MX + MW - 16 - onW, y + 19, onW, s.on, "success");
  methods.forEach(([icon, label, since, action], i) => {
    const ry = y + 56 + i * 56;
    svg.hr(MX + 1, ry, MW - 2);
    svg.icon(icon, MX + 24, ry + 20, 16, C.inkSoft);
    svg.text(MX + 60, ry + 24, label, "s13 b k", MW - 220);
    svg.text(MX + 60, ry + 42, since, "s12 g", MW - 220);
    if (action) button(svg, MX + MW - 136, ry + 12, 120, action, "secondary", 32);
    else svg.icon("check", MX + MW - 40, ry + 20, 16, C.success);
  });

  // Trusted devices and the latest sign-ins, side by side.
  y += boxH + 16;
  const colW = (MW - 16) / 2;
  const panelH = Y + H - y - 24;
  const panel = (px: number, title: string) => {
    svg.box(px, y, colW, panelH, C.surface, C.line, 12);
    svg.text(px + 16, y + 28, title, "s14 b k", colW - 32);
  };
  panel(MX, s.devices);
  const devices: [IconName, string, string][] = [
    ["laptop", "MacBook Air", s.thisDevice],
    ["phone", "iPhone 15", nth(s.seen, 0)],
    ["laptop", "Windows PC", nth(s.seen, 1)],
  ];
  devices.forEach(([icon, name, note], i) => {
    const ry = y + 44 + i * 56;
    svg.hr(MX + 1, ry, colW - 2);
    svg.rect(MX + 16, ry + 12, 32, 32, C.alt, 8);
    svg.icon(icon, MX + 24, ry + 20, 16, C.inkSoft);
    svg.text(MX + 60, ry + 25, name, "s13 b k", colW - 80);
    svg.text(MX + 60, ry + 42, note, `s12 ${i ? "g" : "ok b"}`, colW - 80);
  });
  svg.text(MX + 16, y + panelH - 18, s.signOutAll, "s13 b r", colW - 32);

  const RX = MX + colW + 16;
  panel(RX, s.history);
  s.signIns.forEach((signIn, i) => {
    const [when, where] = [nth(signIn, 0), nth(signIn, 1)];
    const ry = y + 44 + i * 52;
    const blocked = i === 2;
    svg.hr(RX + 1, ry, colW - 2);
    svg.circle(RX + 22, ry + 26, 4, blocked ? C.danger : C.success);
    svg.text(RX + 36, ry + 22, when, "s13 m k", colW - 52);
    svg.text(RX + 36, ry + 39, where, `s12 ${blocked ? "r" : "g"}`, colW - 52);
  });
  endWindow(svg);
  return svg;
}
