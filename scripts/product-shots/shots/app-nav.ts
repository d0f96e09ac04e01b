/** The vault app's sidebar, the same in every app shot. */
import type { Strings } from "../strings/types";
import type { Svg } from "../svg";
import { sidebar } from "../ui";

export const SIDEBAR = 236;

export type Section = "all" | "family" | "health" | "generator" | "settings";

export function appSidebar(
  svg: Svg,
  t: Strings,
  x: number,
  y: number,
  h: number,
  on: Section,
): void {
  const n = t.nav;
  const items = [
    { icon: "grid", label: n.all, count: "214" },
    { icon: "star", label: n.favorites, count: "12" },
    { icon: "key", label: n.logins, count: "186" },
    { icon: "card", label: n.cards, count: "6" },
    { icon: "note", label: n.notes, count: "22" },
    { icon: "users", label: n.family },
    { icon: "pulse", label: n.health },
    { icon: "refresh", label: n.generator },
    { icon: "gear", label: n.settings },
  ] as const;
  const active = { all: 0, family: 5, health: 6, generator: 7, settings: 8 }[on];
  sidebar(svg, x, y, SIDEBAR, h, [...items], active, {
    title: n.folders,
    items: [
      { icon: "folder", label: n.personal, count: "94" },
      { icon: "folder", label: n.work, count: "67" },
      { icon: "folder", label: n.household, count: "23" },
    ],
  });
}
