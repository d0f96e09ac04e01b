/** Autofill: a browser's sign-in page with the extension's suggestions under the email field. */
import type { Strings } from "../strings/types";
import { Svg, estimate } from "../svg";
import { C } from "../theme";
import { APP, backdrop, checkbox, endWindow, logo, tile } from "../ui";

export const size = { width: 1000, height: 750 };

const SITE = "#5B32B4";

export function draw(t: Strings, lang: string): Svg {
  const a = t.autofill;
  const svg = new Svg(size.width, size.height, a.title, lang);
  backdrop(svg);
  const [X, Y, W, H] = [30, 30, 940, 690];
  svg.rect(X, Y, W, H, C.surface, 12, ' filter="url(#sh)"');
  svg.raw(
    `<clipPath id="win"><rect x="${X}" y="${Y}" width="${W}" height="${H}" rx="12"/></clipPath><g clip-path="url(#win)">`,
  );

  // Tabs and the address bar.
  svg.rect(X, Y, W, 44, "#E3E9F0");
  ["#FF5F57", "#FEBC2E", "#28C840"].forEach((colour, i) =>
    svg.circle(X + 20 + i * 20, Y + 22, 6, colour),
  );
  svg.raw(
    `<path d="M${X + 86} ${Y + 44}v-26a10 10 0 0 1 10-10h220a10 10 0 0 1 10 10v26z" fill="${C.surface}"/>`,
  );
  tile(svg, X + 100, Y + 16, 18, "mail");
  svg.text(X + 126, Y + 30, a.tab, "s12 m k", 180);
  svg.icon("plus", X + 342, Y + 18, 14, C.inkSoft);
  const bar = Y + 44;
  svg.rect(X, bar, W, 48, C.surface).hr(X, bar + 48, W);
  svg.raw(
    `<path d="M${X + 26} ${bar + 24}h12M${X + 26} ${bar + 24}l5-5M${X + 26} ${bar + 24}l5 5M${X + 70} ${bar + 24}h-12M${X + 70} ${bar + 24}l-5-5M${X + 70} ${bar + 24}l-5 5" stroke="${C.inkSoft}" stroke-width="1.6" stroke-linecap="round" fill="none"/>`,
  );
  svg.icon("refresh", X + 92, bar + 16, 16, C.inkSoft);
  svg.rect(X + 124, bar + 8, W - 220, 32, C.alt, 16);
  svg.icon("lock", X + 138, bar + 16, 16, C.success);
  svg.rich(
    X + 162,
    bar + 29,
    'brightmail.com<tspan class="g">/login</tspan>',
    "brightmail.com/login",
    "s13 k",
    400,
  );
  logo(svg, X + W - 78, bar + 11, 26);
  svg.circle(X + W - 54, bar + 13, 8, C.danger);
  svg.text(X + W - 54, bar + 17, "2", "s10 h w", 14, "middle");
  svg.icon("more", X + W - 36, bar + 16, 16, C.inkSoft);

  // The site's page.
  const page = bar + 49;
  svg.rect(X, page, W, Y + H - page, "#F6F4FB");
  svg.rect(X + 32, page + 16, 24, 24, SITE, 6);
  svg.text(X + 44, page + 33, "B", "s14 h w", 20, "middle");
  svg.text(X + 66, page + 34, "Brightmail", "s16 h", 200, "start", SITE);

  const CW = 420;
  const CX = X + (W - CW) / 2;
  const CY = page + 28;
  svg.box(CX, CY, CW, 556, C.surface, "#E6E1F3", 14);
  svg.text(CX + 36, CY + 56, a.heading, "s22 h k", CW - 72);
  const field = (fy: number, label: string, focused: boolean, value?: string) => {
    svg.text(CX + 36, fy, label, "s13 b k", CW - 72);
    if (focused) svg.rect(CX + 33, fy + 9, CW - 66, 48, "#D9CCF5", 10);
    svg.box(CX + 36, fy + 12, CW - 72, 42, C.surface, focused ? SITE : C.field, 8);
    if (value) svg.text(CX + 50, fy + 38, value, "s14 k", CW - 110);
  };
  field(CY + 96, a.email, true, "alex");
  svg.rect(CX + 83, CY + 119, 1, 20, C.ink);
  // Under the suggestions: the password field, then the rest of the form below them.
  field(CY + 176, a.password, false);
  checkbox(svg, CX + 36, CY + 424, true);
  svg.text(CX + 64, CY + 438, a.remember, "s13 k", CW - 100);
  svg.rect(CX + 36, CY + 460, CW - 72, 44, SITE, 8);
  svg.text(CX + CW / 2, CY + 487, a.signIn, "s14 b w", CW - 100, "middle");
  svg.text(CX + CW / 2, CY + 532, a.forgot, "s13 m", CW - 72, "middle", SITE);

  // The extension's suggestions, under the email field.
  const DX = CX + 36;
  const DY = CY + 156;
  const DW = 380;
  svg.rect(DX, DY, DW, 256, C.surface, 12, ' filter="url(#sh)"');
  svg.box(DX, DY, DW, 256, "none", C.line, 12);
  logo(svg, DX + 16, DY + 14, 20);
  svg.text(DX + 44, DY + 29, APP, "s13 h k", 80);
  svg.text(DX + DW - 16, DY + 29, a.header, "s12 g", DW - 150, "end");
  svg.hr(DX + 1, DY + 46, DW - 2);
  const rows: [string, string][] = [
    ["Brightmail", t.owner.email],
    [a.workLabel, `${t.owner.email.split("@")[0]}@northwind.io`],
  ];
  rows.forEach(([name, user], i) => {
    const ry = DY + 52 + i * 56;
    if (i === 0) svg.rect(DX + 6, ry, DW - 12, 52, C.soft, 8);
    tile(svg, DX + 18, ry + 10, 32, "mail");
    svg.text(DX + 62, ry + 23, name, "s14 b k", DW - 150);
    svg.text(DX + 62, ry + 41, user, "s12 g", DW - 150);
    if (i === 0) {
      const fw = Math.max(58, estimate(a.fill, 12) + 20);
      svg.rect(DX + DW - 18 - fw, ry + 13, fw, 26, C.brandDark, 6);
      svg.text(DX + DW - 18 - fw / 2, ry + 31, a.fill, "s12 b w", fw - 12, "middle");
    } else svg.icon("key", DX + DW - 40, ry + 18, 16, C.inkSoft);
  });
  svg.hr(DX + 1, DY + 170, DW - 2);
  svg.icon("refresh", DX + 20, DY + 184, 16, C.brandDark);
  svg.text(DX + 48, DY + 197, a.generate, "s13 m p", DW - 70);
  svg.icon("search", DX + 20, DY + 220, 16, C.inkSoft);
  svg.text(DX + 48, DY + 233, a.open, "s13 m k", DW - 70);
  endWindow(svg);
  return svg;
}
