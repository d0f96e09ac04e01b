/** The site's palette (app/styles/app.css) and the shared look of every shot. */
export const C = {
  brand: "#0F87D7",
  brandDark: "#0A6AAB",
  deep: "#0B3558",
  soft: "#E8F3FC",
  ink: "#142233",
  inkSoft: "#4A5B6E",
  muted: "#5F6F82",
  line: "#D9E2EC",
  field: "#748599",
  surface: "#FFFFFF",
  alt: "#F5F8FB",
  backdrop: "#EEF6FD",
  danger: "#B42318",
  dangerSoft: "#FEF0EE",
  warn: "#93370D",
  warnFill: "#F79009",
  warnSoft: "#FFF6E5",
  success: "#067647",
  successSoft: "#E9F7EF",
  side: "#0B3558",
  sideActive: "#174D7C",
  sideText: "#C6D9EC",
} as const;

/** A picture in an <img> cannot load the site's web fonts: the system's, CJK ones included. */
export const FONT_STACK =
  'Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP","Hiragino Sans","PingFang SC","Microsoft YaHei",sans-serif';

/** CSS rules, each one class: size (s11…s40), weight (m 500, b 600, h 700), colour, monospace (mono), icon lines (i). */
export const STYLES = [
  ...[10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 30, 40].map(
    (n) => `.s${n}{font-size:${n}px}`,
  ),
  ".m{font-weight:500}.b{font-weight:600}.h{font-weight:700}",
  `.k{fill:${C.ink}}.g{fill:${C.inkSoft}}.w{fill:#fff}.p{fill:${C.brandDark}}.r{fill:${C.danger}}`,
  `.ok{fill:${C.success}}.am{fill:${C.warn}}.dp{fill:${C.deep}}.sb{fill:${C.sideText}}`,
  '.mono{font-family:"SF Mono",Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace}',
  ".dots{letter-spacing:1px}.e{text-anchor:end}.c{text-anchor:middle}",
  ".i{fill:none;stroke:currentColor;stroke-width:1.6px;stroke-linecap:round;stroke-linejoin:round}",
];

const g = (inner: string) => `<g class="i">${inner}</g>`;

/** 16×16 line icons, drawn in currentColor. */
export const ICONS = {
  search: g('<circle cx="7" cy="7" r="4.5"/><path d="M10.5 10.5 14 14"/>'),
  copy: g('<rect x="5.5" y="5.5" width="8" height="8" rx="1.5"/><path d="M10.5 3.5v-1h-8v8h1"/>'),
  eye: g(
    '<path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z"/><circle cx="8" cy="8" r="2"/>',
  ),
  star: g('<path d="M8 2l1.8 3.8 4.1.5-3 2.8.8 4.1L8 11.2l-3.7 2 .8-4.1-3-2.8 4.1-.5z"/>'),
  lock: g(
    '<rect x="3.5" y="7" width="9" height="7" rx="1.5"/><path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2"/>',
  ),
  shield: g(
    '<path d="M8 1.8 13 3.6v4c0 3.2-2.1 5.4-5 6.6-2.9-1.2-5-3.4-5-6.6v-4z"/><path d="M5.8 8.2l1.6 1.6 3-3"/>',
  ),
  key: g('<circle cx="5" cy="11" r="2.8"/><path d="M7 9l6-6M11 5l1.5 1.5M9.5 6.5 11 8"/>'),
  card: g('<rect x="1.5" y="3.5" width="13" height="9" rx="1.5"/><path d="M1.5 6.5h13M4 10h3"/>'),
  note: g('<path d="M3.5 1.5h6l3 3v10h-9z"/><path d="M5.5 8h5M5.5 11h5"/>'),
  grid: g(
    '<rect x="2" y="2" width="5" height="5" rx="1"/><rect x="9" y="2" width="5" height="5" rx="1"/><rect x="2" y="9" width="5" height="5" rx="1"/><rect x="9" y="9" width="5" height="5" rx="1"/>',
  ),
  users: g(
    '<circle cx="6" cy="5.5" r="2.5"/><path d="M1.5 13.5c.5-2.5 2.3-4 4.5-4s4 1.5 4.5 4M10.5 3.2a2.5 2.5 0 0 1 0 4.6M12 9.7c1.3.6 2.2 1.9 2.5 3.8"/>',
  ),
  pulse: g('<path d="M1.5 8.5h3l1.5-3 2.5 6 1.5-3h4.5"/>'),
  refresh: g('<path d="M13.5 8A5.5 5.5 0 1 1 11.8 4"/><path d="M12.5 1.5v3h-3"/>'),
  gear: g(
    '<circle cx="8" cy="8" r="2.2"/><path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4"/>',
  ),
  plus: g('<path d="M8 3v10M3 8h10"/>'),
  check: g('<path d="M3 8.5l3 3 7-7"/>'),
  right: g('<path d="M6 3.5 10.5 8 6 12.5"/>'),
  down: g('<path d="M3.5 6 8 10.5 12.5 6"/>'),
  folder: g(
    '<path d="M1.5 4a1 1 0 0 1 1-1H6l1.5 1.5h6a1 1 0 0 1 1 1V12a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z"/>',
  ),
  alert: g('<path d="M8 2l6.5 11.5h-13z"/><path d="M8 6.5v3M8 11.5v.01"/>'),
  globe: g(
    '<circle cx="8" cy="8" r="6.5"/><path d="M1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13"/>',
  ),
  upload: g('<path d="M8 10.5v-8M5 5.5l3-3 3 3M2.5 10.5v3h11v-3"/>'),
  clock: g('<circle cx="8" cy="8" r="6.5"/><path d="M8 4.5V8l2.5 1.5"/>'),
  more: '<g fill="currentColor"><circle cx="3.5" cy="8" r="1.3"/><circle cx="8" cy="8" r="1.3"/><circle cx="12.5" cy="8" r="1.3"/></g>',
  chart: g('<path d="M2.5 13.5h11M4.5 11V8M8 11V4M11.5 11V6.5"/>'),
  phone: g('<rect x="4" y="1.5" width="8" height="13" rx="1.5"/><path d="M7 12.5h2"/>'),
  laptop: g('<rect x="3" y="3" width="10" height="7" rx="1"/><path d="M1.5 12.5h13"/>'),
} as const;

export type IconName = keyof typeof ICONS;
