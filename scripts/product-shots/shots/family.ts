/** Family sharing: the members and their roles, and the folders they share. */
import type { Strings } from "../strings/types";
import { Svg, nth } from "../svg";
import type { SiteName } from "../sites";
import { C } from "../theme";
import { APP, appWindow, avatar, backdrop, badge, button, endWindow, tile, type Tone } from "../ui";
import { appSidebar, SIDEBAR } from "./app-nav";
import { initials } from "./vault";

export const size = { width: 1000, height: 750 };

export const PEOPLE_COLOURS = ["#0A6AAB", "#B42318", "#067647", "#6941C6", "#93370D"];

export function draw(t: Strings, lang: string): Svg {
  const f = t.family;
  const svg = new Svg(size.width, size.height, f.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  const top = appWindow(svg, X, Y, W, H, APP);
  appSidebar(svg, t, X, top, H - 41, "family");
  const MX = X + SIDEBAR + 32;
  const MW = X + W - MX - 32;
  svg.text(MX, top + 48, f.heading, "s22 h k", MW - 180);
  svg.text(MX, top + 72, f.sub, "s13 g", MW - 180);
  button(svg, MX + MW - 140, top + 28, 140, f.invite, "primary", 38, "plus");

  // Members.
  let y = top + 96;
  const rowH = 48;
  svg.box(MX, y, MW, 40 + rowH * 5, C.surface, C.line, 12);
  svg.text(MX + 20, y + 26, f.members, "s13 b g", 200);
  const tones: Tone[] = ["brand", "neutral", "neutral", "neutral", "warn"];
  t.people.forEach((person, i) => {
    const ry = y + 40 + i * rowH;
    svg.hr(MX + 1, ry, MW - 2);
    avatar(svg, MX + 38, ry + 24, 16, initials(person.name), nth(PEOPLE_COLOURS, i));
    svg.text(MX + 66, ry + 20, person.name, "s14 b k", 220);
    svg.text(MX + 66, ry + 37, person.email, "s12 g", 220);
    badge(svg, MX + MW - 150, ry + 13, 130, nth(f.roles, i), nth(tones, i));
  });

  // Shared folders, side by side.
  y += 40 + rowH * 5 + 26;
  svg.text(MX, y, f.shared, "s16 h k", MW);
  y += 14;
  const colW = (MW - 16) / 2;
  const folders: [string, string, number[], [SiteName | "wifi" | "school", boolean][]][] = [
    [
      t.nav.household,
      f.everyone,
      [0, 1, 2, 3],
      [
        ["netflix", true],
        ["wifi", true],
        ["amazon", false],
      ],
    ],
    [
      f.kids,
      f.parents,
      [0, 1],
      [
        ["disney", false],
        ["school", true],
        ["spotify", true],
      ],
    ],
  ];
  folders.forEach(([name, who, members, items], i) => {
    const fx = MX + i * (colW + 16);
    svg.box(fx, y, colW, 206, C.surface, C.line, 12);
    svg.rect(fx + 16, y + 16, 36, 36, C.soft, 8);
    svg.icon("folder", fx + 24, y + 24, 20, C.brandDark);
    svg.text(fx + 64, y + 32, name, "s14 b k", colW - 140);
    svg.text(fx + 64, y + 49, `${t.common.items(i ? 7 : 23)} · ${who}`, "s12 g", colW - 140);
    members.forEach((m, j) => {
      const cx = fx + colW - 28 - (members.length - 1 - j) * 18;
      svg.circle(cx, y + 34, 13, "#FFFFFF");
      avatar(
        svg,
        cx,
        y + 34,
        11,
        initials(nth(t.people, m).name).slice(0, 1),
        nth(PEOPLE_COLOURS, m),
      );
    });
    items.forEach(([item, edit], k) => {
      const iy = y + 66 + k * 46;
      svg.hr(fx + 1, iy, colW - 2);
      if (item === "wifi" || item === "school") {
        svg.rect(fx + 16, iy + 9, 28, 28, "#E0E7EF", 7);
        svg.icon(item === "wifi" ? "note" : "globe", fx + 22, iy + 15, 16, C.inkSoft);
      } else tile(svg, fx + 16, iy + 9, 28, item);
      const label = item === "wifi" ? f.wifi : item === "school" ? f.school : nameOf(item);
      svg.text(fx + 56, iy + 28, label, "s13 m k", colW - 190);
      svg.text(
        fx + colW - 16,
        iy + 28,
        edit ? f.canEdit : f.canView,
        `s12 ${edit ? "p b" : "g"}`,
        116,
        "end",
      );
    });
  });
  endWindow(svg);
  return svg;
}

function nameOf(site: SiteName): string {
  return (
    { netflix: "Netflix", amazon: "Amazon", disney: "Disney+", spotify: "Spotify" }[
      site as string
    ] ?? site
  );
}
