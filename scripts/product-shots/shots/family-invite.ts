/** Inviting a family member on the phone: the sheet over the family screen, folders to share. */
import type { Strings } from "../strings/types";
import { Svg, nth } from "../svg";
import { C } from "../theme";
import { avatar, backdrop, endWindow, toggle } from "../ui";
import { PEOPLE_COLOURS } from "./family";
import { PHONE_SIZE, homeIndicator, phone } from "./phone";
import { initials } from "./vault";

export const size = PHONE_SIZE;

export function draw(t: Strings, lang: string): Svg {
  const f = t.family;
  const v = t.invite;
  const svg = new Svg(size.width, size.height, v.title, lang);
  backdrop(svg);
  const s = phone(svg, "ios", "#E4E7EC");
  // Behind the sheet: the family screen, dimmed.
  svg.text(s.x + 20, s.y + 100, f.heading, "s28 h g", s.w - 40);
  svg.rect(s.x, s.y, s.w, s.h, "#0B1A2A", 0, ' fill-opacity=".28"');

  const top = s.y + 64;
  svg.rect(s.x, top, s.w, s.h, "#F2F4F7", 16);
  svg.rect(s.x + s.w / 2 - 20, top + 8, 40, 5, "#C4CBD4", 3);
  svg.text(s.x + 20, top + 44, v.cancel, "s15 p", 110);
  svg.text(s.x + s.w / 2, top + 44, f.invite, "s16 b k", s.w - 250, "middle");

  // Who is in, and the free place.
  let y = top + 78;
  svg.rect(s.x + 16, y, s.w - 32, 96, C.surface, 12);
  t.people.slice(0, 4).forEach((person, i) => {
    avatar(svg, s.x + 48 + i * 40, y + 32, 16, initials(person.name), nth(PEOPLE_COLOURS, i));
  });
  svg.circle(s.x + 208, y + 32, 15.5, C.surface, ` stroke="${C.brand}" stroke-dasharray="3 3"`);
  svg.icon("plus", s.x + 200, y + 24, 16, C.brandDark);
  svg.text(s.x + 32, y + 74, v.seats, "s13 g", s.w - 64);

  // The address and the role.
  y += 120;
  svg.text(s.x + 32, y, v.email, "s12 b g", s.w - 64);
  svg.rect(s.x + 16, y + 10, s.w - 32, 48, C.surface, 12);
  svg.text(s.x + 32, y + 40, nth(t.people, 4).email, "s15 k", s.w - 64);
  y += 84;
  svg.text(s.x + 32, y, v.role, "s12 b g", s.w - 64);
  const roles = [nth(f.roles, 1), nth(f.roles, 2), nth(f.roles, 3)];
  const sw = (s.w - 40) / 3;
  svg.rect(s.x + 16, y + 10, s.w - 32, 40, "#E4E7EC", 10);
  roles.forEach((role, i) => {
    const rx = s.x + 20 + i * sw;
    if (!i) svg.rect(rx, y + 14, sw, 32, C.surface, 8);
    svg.text(rx + sw / 2, y + 35, role, `s13 ${i ? "m k" : "b k"}`, sw - 10, "middle");
  });
  svg.text(s.x + 32, y + 74, v.roleNote, "s12 g", s.w - 64);

  // The folders to share with them.
  y += 108;
  svg.text(s.x + 32, y, f.shared, "s12 b g", s.w - 64);
  const folders: [string, string, boolean][] = [
    [t.nav.household, t.common.items(23), true],
    [f.kids, t.common.items(7), false],
    [v.travel, t.common.items(11), true],
  ];
  svg.rect(s.x + 16, y + 10, s.w - 32, folders.length * 60, C.surface, 12);
  folders.forEach(([name, count, on], i) => {
    const ry = y + 10 + i * 60;
    if (i) svg.hr(s.x + 68, ry, s.w - 84);
    svg.rect(s.x + 28, ry + 14, 32, 32, C.soft, 8);
    svg.icon("folder", s.x + 36, ry + 22, 16, C.brandDark);
    svg.text(s.x + 72, ry + 27, name, "s14 b k", s.w - 160);
    svg.text(s.x + 72, ry + 45, count, "s12 g", s.w - 160);
    toggle(svg, s.x + s.w - 72, ry + 20, on);
  });

  // Send.
  const by = s.y + s.h - 150;
  svg.rect(s.x + 16, by, s.w - 32, 52, C.brandDark, 14);
  svg.text(s.x + s.w / 2, by + 32, v.send, "s16 b w", s.w - 64, "middle");
  svg.text(s.x + s.w / 2, by + 82, v.note, "s12 g", s.w - 40, "middle");
  homeIndicator(svg, s);
  endWindow(svg);
  return svg;
}
