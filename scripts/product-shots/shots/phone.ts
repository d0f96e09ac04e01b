/** A phone, iPhone or Android, with its status bar, and the keyboard the system shows. */
import type { Svg } from "../svg";
import { C } from "../theme";

export type Platform = "ios" | "android";

export interface Screen {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The portrait size the phone shots share. */
export const PHONE_SIZE = { width: 600, height: 1000 };

/**
 * Draws the phone's body and opens a clip for its screen (close it with `</g>`, endWindow);
 * returns the screen, whose top 54 px the status bar takes.
 */
export function phone(svg: Svg, platform: Platform, screenFill: string = C.surface): Screen {
  const [PX, PY, PW, PH] = [100, 70, 400, 860];
  const ios = platform === "ios";
  svg.rect(PX, PY, PW, PH, ios ? "#1D2939" : "#2B3340", ios ? 58 : 44, ' filter="url(#sh)"');
  svg.rect(
    PX + 2,
    PY + 2,
    PW - 4,
    PH - 4,
    "none",
    ios ? 56 : 42,
    ` stroke="#475467" stroke-width="2"`,
  );
  const s = { x: PX + 14, y: PY + 14, w: PW - 28, h: PH - 28 };
  const r = ios ? 46 : 34;
  svg.raw(
    `<clipPath id="scr"><rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${r}"/></clipPath><g clip-path="url(#scr)">`,
  );
  svg.rect(s.x, s.y, s.w, s.h, screenFill);
  statusBar(svg, platform, s);
  return s;
}

/** The clock and the signal, Wi-Fi and battery marks along the screen's top. */
function statusBar(svg: Svg, platform: Platform, s: Screen): void {
  const ink = C.ink;
  if (platform === "ios") {
    svg.rect(s.x + s.w / 2 - 58, s.y + 12, 116, 34, "#000000", 17);
    svg.text(s.x + 52, s.y + 35, "9:41", "s16 b k", 50, "middle");
    const rx = s.x + s.w - 36;
    [4, 7, 10, 13].forEach((h, i) => svg.rect(rx - 64 + i * 5, s.y + 35 - h, 3, h, ink, 1));
    svg.raw(
      `<path d="M${rx - 36} ${s.y + 26}a10 10 0 0 1 14 0M${rx - 33} ${s.y + 29.5}a5.5 5.5 0 0 1 8 0" stroke="${ink}" stroke-width="2.2" fill="none" stroke-linecap="round"/><circle cx="${rx - 29}" cy="${s.y + 33.5}" r="1.6" fill="${ink}"/>`,
    );
    svg.rect(rx - 14, s.y + 24, 24, 12, "none", 4, ` stroke="${ink}" stroke-opacity=".4"`);
    svg.rect(rx - 12, s.y + 26, 17, 8, ink, 2).rect(rx + 11, s.y + 28, 2, 4, ink, 1);
  } else {
    svg.circle(s.x + s.w / 2, s.y + 24, 9, "#000000");
    svg.text(s.x + 24, s.y + 31, "12:30", "s14 m k", 60);
    const rx = s.x + s.w - 24;
    svg.raw(
      `<path d="M${rx - 62} ${s.y + 22}a12 12 0 0 1 17 0l-8.5 10z" fill="${ink}"/><path d="M${rx - 38} ${s.y + 32}l12-12v12z" fill="${ink}"/>`,
    );
    svg.rect(rx - 16, s.y + 18, 9, 15, ink, 2).rect(rx - 14, s.y + 16, 5, 3, ink, 1);
  }
}

/** The bar at the screen's foot: the home indicator, or Android's gesture handle. */
export function homeIndicator(svg: Svg, s: Screen, colour: string = C.ink): void {
  svg.rect(s.x + s.w / 2 - 64, s.y + s.h - 14, 128, 5, colour, 3);
}

const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** The iPhone's email keyboard from y to the screen's foot; `space` and `go` name its keys. */
export function keyboard(svg: Svg, s: Screen, y: number, space: string, go: string): void {
  svg.rect(s.x, y, s.w, s.y + s.h - y, "#D3D6DC");
  const gap = 6;
  const kw = (s.w - 8 - gap * 9) / 10;
  const key = (kx: number, ky: number, w: number, label: string, dark = false) => {
    svg.rect(
      kx,
      ky,
      w,
      42,
      dark ? "#ABB0BA" : "#FFFFFF",
      6,
      ' stroke="#898A8D" stroke-opacity=".35"',
    );
    const cls = label.length > 1 ? "s13 m k" : "s20 k";
    svg.text(kx + w / 2, ky + (label.length > 1 ? 26 : 28), label, cls, w - 6, "middle");
  };
  ROWS.forEach((row, r) => {
    const ky = y + 10 + r * 54;
    const width = row.length * kw + (row.length - 1) * gap;
    const start = s.x + (s.w - width) / 2;
    [...row].forEach((ch, i) => key(start + i * (kw + gap), ky, kw, ch));
  });
  const ky = y + 10 + 3 * 54;
  const side = kw * 1.35;
  svg.rect(s.x + 4, y + 10 + 2 * 54, side, 42, "#ABB0BA", 6);
  svg.raw(
    `<path d="M${s.x + 4 + side / 2} ${y + 10 + 108 + 12}l-8 9h4v7h8v-7h4z" fill="none" stroke="${C.ink}" stroke-width="1.6" stroke-linejoin="round"/>`,
  );
  svg.rect(s.x + s.w - 4 - side, y + 10 + 2 * 54, side, 42, "#ABB0BA", 6);
  svg.raw(
    `<path d="M${s.x + s.w - 4 - side + 9} ${y + 10 + 108 + 21}l7-8h${side - 24}v16h-${side - 24}z" fill="none" stroke="${C.ink}" stroke-width="1.6" stroke-linejoin="round"/>`,
  );
  key(s.x + 4, ky, side, "123", true);
  const goW = kw * 2.3;
  const small = kw;
  const spaceW = s.w - 8 - side - goW - 2 * small - 4 * gap;
  let kx = s.x + 4 + side + gap;
  key(kx, ky, spaceW, space);
  kx += spaceW + gap;
  key(kx, ky, small, "@");
  kx += small + gap;
  key(kx, ky, small, ".");
  kx += small + gap;
  svg.rect(kx, ky, goW, 42, C.brand, 6);
  svg.text(kx + goW / 2, ky + 26, go, "s13 b w", goW - 8, "middle");
}
