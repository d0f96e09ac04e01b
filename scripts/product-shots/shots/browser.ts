/** A desktop browser's window in each browser's own look: tabs, toolbar, address field. */
import type { Svg } from "../svg";
import { C } from "../theme";
import { logo } from "../ui";
import type { Browser } from "./marks";

export interface Tab {
  title: string;
  /** Draws the tab's site icon, 16 px, its top left at (x, y). */
  icon(x: number, y: number): void;
}

export interface Chrome {
  /** Where the page starts. */
  top: number;
  /** The centre of the KeyNest toolbar button, and its bottom edge. */
  button: { x: number; y: number };
}

const line = (d: string, colour: string = C.inkSoft, width = 1.6) =>
  `<path d="${d}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;

/** Back, forward and reload, from x at the vertical centre cy. */
function arrows(svg: Svg, x: number, cy: number, gap = 34): number {
  svg.raw(line(`M${x + 12} ${cy}h-11M${x + 1} ${cy}l5-5M${x + 1} ${cy}l5 5`));
  svg.raw(
    line(`M${x + gap} ${cy}h11M${x + gap + 11} ${cy}l-5-5M${x + gap + 11} ${cy}l-5 5`, "#A8B4C2"),
  );
  svg.icon("refresh", x + gap * 2 - 2, cy - 8, 16, C.inkSoft);
  return x + gap * 3;
}

/** Minimise, maximise and close, as Windows draws them, ending at `right`. */
export function captionButtons(svg: Svg, right: number, cy: number, colour: string = C.ink): void {
  const x = right - 138;
  svg.raw(
    line(`M${x + 18} ${cy}h10`, colour, 1) +
      `<rect x="${x + 64.5}" y="${cy - 4.5}" width="9" height="9" fill="none" stroke="${colour}"/>` +
      line(`M${x + 110} ${cy - 5}l10 10M${x + 120} ${cy - 5}l-10 10`, colour, 1),
  );
}

/** The toolbar's KeyNest button with a badge, and the other add-ons' puzzle piece. */
function extensions(svg: Svg, x: number, cy: number): number {
  svg.rect(x - 4, cy - 15, 30, 30, C.soft, 8);
  logo(svg, x + 1, cy - 10, 20);
  svg.raw(
    line(
      `M${x + 40} ${cy - 6}h4a2.5 2.5 0 0 1 5 0h4v4a2.5 2.5 0 0 1 0 5v4h-4a2.5 2.5 0 0 0-5 0h-4z`,
    ),
  );
  return x + 11;
}

/**
 * Draws the browser's window frame from (x, y), w by h, and opens a clip for its page; close it
 * with `</g>` (endWindow).
 */
export function browserWindow(
  svg: Svg,
  which: Browser,
  x: number,
  y: number,
  w: number,
  h: number,
  tab: Tab,
  host: string,
  path: string,
): Chrome {
  const radius = which === "safari" ? 12 : 8;
  svg.rect(x, y, w, h, C.surface, radius, ' filter="url(#sh)"');
  svg.raw(
    `<clipPath id="bw"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}"/></clipPath><g clip-path="url(#bw)">`,
  );
  const address = (ax: number, ay: number, aw: number, ah: number, fill: string, r: number) => {
    svg.rect(ax, ay, aw, ah, fill, r);
    svg.icon("lock", ax + 12, ay + ah / 2 - 7, 14, C.inkSoft);
    svg.rich(
      ax + 34,
      ay + ah / 2 + 5,
      `${host}<tspan class="g">${path}</tspan>`,
      host + path,
      "s13 k",
      aw - 80,
    );
  };
  const tabLabel = (tx: number, ty: number, tw: number) => {
    tab.icon(tx, ty);
    svg.text(tx + 24, ty + 13, tab.title, "s12 m k", tw - 60);
    svg.raw(line(`M${tx + tw - 34} ${ty + 4}l8 8M${tx + tw - 26} ${ty + 4}l-8 8`, C.inkSoft, 1.3));
  };

  if (which === "safari") {
    // One unified toolbar: window buttons, sidebar, back and forward, the centred address.
    svg.rect(x, y, w, 52, "#F4F4F6").hr(x, y + 52, w);
    ["#FF5F57", "#FEBC2E", "#28C840"].forEach((colour, i) =>
      svg.circle(x + 20 + i * 20, y + 26, 6, colour),
    );
    svg.raw(
      `<rect x="${x + 90.5}" y="${y + 18.5}" width="19" height="15" rx="3" fill="none" stroke="${C.inkSoft}" stroke-width="1.4"/>` +
        line(`M${x + 97} ${y + 19}v14`, C.inkSoft, 1.4) +
        line(`M${x + 134} ${y + 20}l-6 6 6 6`) +
        line(`M${x + 156} ${y + 20}l6 6-6 6`, "#A8B4C2"),
    );
    const aw = Math.min(460, w - 420);
    const ax = x + (w - aw) / 2;
    const button = { x: ax + aw + 30, y: y + 44 };
    svg.rect(button.x - 15, y + 11, 30, 30, C.soft, 8);
    logo(svg, button.x - 10, y + 16, 20);
    svg.rect(ax, y + 11, aw, 30, "#E6E6EA", 8);
    svg.icon("lock", ax + aw / 2 - 70, y + 19, 14, C.inkSoft);
    svg.text(ax + aw / 2 - 50, y + 31, host, "s13 m k", aw / 2 + 30);
    svg.icon("refresh", ax + aw - 26, y + 18, 16, C.inkSoft);
    const rx = x + w - 26;
    svg.raw(
      line(`M${rx - 80} ${y + 22}l6-6 6 6M${rx - 74} ${y + 16}v13M${rx - 82} ${y + 24}v10h16v-10`) +
        line(`M${rx - 44} ${y + 19}v14M${rx - 51} ${y + 26}h14`) +
        `<rect x="${rx - 16.5}" y="${y + 19.5}" width="13" height="13" rx="2" fill="none" stroke="${C.inkSoft}" stroke-width="1.4"/><rect x="${rx - 12.5}" y="${y + 15.5}" width="13" height="13" rx="2" fill="#F4F4F6" stroke="${C.inkSoft}" stroke-width="1.4"/>`,
    );
    return { top: y + 53, button };
  }

  // A tab strip over a toolbar.
  const strip = which === "chrome" ? "#DDE3EA" : which === "edge" ? "#E9ECEF" : "#EDEDF0";
  svg.rect(x, y, w, 44, strip);
  captionButtons(svg, x + w, y + 18);
  let tx = x + 10;
  if (which === "edge") {
    svg.circle(x + 26, y + 22, 11, "#6941C6");
    svg.text(x + 26, y + 26, "A", "s11 h w", 18, "middle");
    tx = x + 48;
  }
  const tw = 250;
  if (which === "firefox") {
    svg.rect(tx, y + 6, tw, 32, C.surface, 6, ` stroke="${C.line}"`);
    tabLabel(tx + 12, y + 14, tw);
    svg.raw(line(`M${tx + tw + 18} ${y + 18}v10M${tx + tw + 13} ${y + 23}h10`));
    svg.raw(line(`M${x + w - 168} ${y + 19}l5 5 5-5`));
  } else if (which === "edge") {
    svg.rect(tx, y + 7, tw, 37, C.surface, 8).rect(tx, y + 36, tw, 8, C.surface);
    tabLabel(tx + 12, y + 17, tw);
    svg.raw(line(`M${tx + tw + 18} ${y + 19}v10M${tx + tw + 13} ${y + 24}h10`));
  } else {
    svg.raw(
      `<path d="M${tx - 8} ${y + 44}a8 8 0 0 0 8-8V${y + 18}a10 10 0 0 1 10-10h${tw - 20}a10 10 0 0 1 10 10v18a8 8 0 0 0 8 8z" fill="${C.surface}"/>`,
    );
    tabLabel(tx + 14, y + 17, tw);
    svg.raw(line(`M${tx + tw + 20} ${y + 19}v10M${tx + tw + 15} ${y + 24}h10`));
  }

  const bar = y + 44;
  const barFill = which === "firefox" ? "#F9F9FB" : C.surface;
  svg.rect(x, bar, w, 46, barFill).hr(x, bar + 46, w);
  const cy = bar + 23;
  const after = arrows(svg, x + 18, cy, which === "edge" ? 32 : 34);
  const right = x + w - 16;
  let ex: number;
  if (which === "chrome") {
    // Omnibox, the add-ons, the profile and the menu.
    address(after, bar + 7, right - after - 124, 32, "#EEF1F5", 16);
    svg.icon("star", right - 152, cy - 8, 16, C.inkSoft);
    ex = right - 104;
    svg.circle(right - 30, cy, 11, "#0A6AAB");
    svg.text(right - 30, cy + 4, "A", "s11 h w", 18, "middle");
    svg.raw(
      `<g fill="${C.inkSoft}"><circle cx="${right - 6}" cy="${cy - 5}" r="1.4"/><circle cx="${right - 6}" cy="${cy}" r="1.4"/><circle cx="${right - 6}" cy="${cy + 5}" r="1.4"/></g>`,
    );
  } else if (which === "edge") {
    address(after, bar + 8, right - after - 130, 30, "#F1F3F5", 15);
    svg.text(right - 162, cy + 5, "A", "s14 m g", 16);
    svg.icon("star", right - 146, cy - 8, 16, C.inkSoft);
    ex = right - 120;
    svg.raw(line(`M${right - 46} ${cy - 6}h10M${right - 46} ${cy}h7M${right - 46} ${cy + 6}h10`));
    svg.icon("more", right - 18, cy - 8, 16, C.inkSoft);
  } else {
    address(after + 4, bar + 8, right - after - 126, 30, "#EDEDF0", 6);
    svg.icon("shield", after + 4 + right - after - 126 - 26, cy - 8, 16, C.inkSoft);
    ex = right - 100;
    svg.raw(line(`M${right - 18} ${cy - 6}h14M${right - 18} ${cy}h14M${right - 18} ${cy + 6}h14`));
  }
  const buttonX = extensions(svg, ex, cy);
  return { top: bar + 47, button: { x: buttonX, y: bar + 40 } };
}
