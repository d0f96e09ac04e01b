/** The teams admin console's policies: enforced two-step login, master password rules, SSO. */
import type { Strings } from "../strings/types";
import { Svg, estimate, nth } from "../svg";
import { C, type IconName } from "../theme";
import { appWindow, backdrop, badge, button, checkbox, endWindow, sidebar, toggle } from "../ui";

export const size = { width: 1000, height: 750 };

export function draw(t: Strings, lang: string): Svg {
  const m = t.teams;
  const p = t.policies;
  const svg = new Svg(size.width, size.height, p.title, lang);
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
    4,
  );
  const MX = X + 200 + 28;
  const MW = X + W - MX - 28;
  svg.text(MX, top + 46, m.policies, "s22 h k", MW - 200);
  svg.text(MX, top + 68, p.sub, "s13 g", MW - 200);
  const bw = Math.max(150, estimate(p.save, 13) + 30);
  button(svg, MX + MW - bw, top + 26, bw, p.save, "primary", 38);

  const card = (
    y: number,
    h: number,
    icon: IconName,
    title: string,
    note: string,
    tag?: string,
  ) => {
    svg.box(MX, y, MW, h, C.surface, C.line, 12);
    svg.rect(MX + 16, y + 16, 32, 32, C.soft, 8);
    svg.icon(icon, MX + 24, y + 24, 16, C.brandDark);
    const tw = tag ? Math.max(80, estimate(tag, 11) + 20) : 0;
    svg.text(MX + 60, y + 30, title, "s15 b k", MW - 130 - tw - (tag ? 12 : 0));
    svg.text(MX + 60, y + 48, note, "s12 g", MW - 130);
    if (tag) badge(svg, MX + MW - 72 - tw, y + 17, tw, tag, "brand");
    toggle(svg, MX + MW - 56, y + 18, true);
  };

  // Two-step login, and the methods members may use.
  let y = top + 92;
  card(y, 104, "shield", p.twoStep, p.twoStepNote, p.enforced);
  let cx = MX + 60;
  [t.security.authApp, t.security.hardwareKey.split(" · ")[0] ?? "", t.vault.passkey].forEach(
    (label) => {
      const w = estimate(label, 12) + 40;
      svg.box(cx, y + 64, w, 26, C.alt, C.line, 13);
      svg.icon("check", cx + 8, y + 69, 16, C.success);
      svg.text(cx + 28, y + 81, label, "s12 m k", w - 34);
      cx += w + 8;
    },
  );

  // Master password rules.
  y += 118;
  card(y, 164, "lock", p.master, p.masterNote);
  svg.hr(MX + 1, y + 64, MW - 2);
  svg.text(MX + 60, y + 92, p.minLength, "s13 k", MW - 230);
  svg.box(MX + MW - 138, y + 74, 122, 30, C.surface, C.field, 8);
  svg.text(MX + MW - 124, y + 94, "−", "s16 g", 14);
  svg.text(MX + MW - 77, y + 94, "14", "s14 b k", 30, "middle");
  svg.text(MX + MW - 36, y + 94, "+", "s16 p", 14);
  p.rules.forEach((rule, i) => {
    checkbox(svg, MX + 60, y + 114 + i * 24, true);
    svg.text(MX + 88, y + 128 + i * 24, rule, "s13 k", MW - 110);
  });

  // Single sign-on.
  y += 178;
  card(y, 120, "users", p.sso, p.ssoNote);
  svg.hr(MX + 1, y + 64, MW - 2);
  svg.rect(MX + 60, y + 80, 26, 26, "#0078D4", 6);
  svg.icon("key", MX + 65, y + 85, 16, "#FFFFFF");
  svg.text(MX + 98, y + 92, "Microsoft Entra ID", "s13 b k", 200);
  svg.text(MX + 98, y + 108, "northwind.io", "s12 g", 200);
  const cw = Math.max(100, estimate(p.connected, 11) + 20);
  badge(svg, MX + MW - 16 - cw, y + 82, cw, p.connected, "success");

  // Sharing and locking.
  y += 134;
  const rest = [nth(m.policy, 2), p.autoLock];
  svg.box(MX, y, MW, 88, C.surface, C.line, 12);
  rest.forEach((label, i) => {
    const ry = y + i * 44;
    if (i) svg.hr(MX + 1, ry, MW - 2);
    svg.text(MX + 20, ry + 27, label, "s13 k", MW - 100);
    toggle(svg, MX + MW - 56, ry + 12, true);
  });
  endWindow(svg);
  return svg;
}
