/** Sync: the same vault on a laptop and a phone. */
import type { Strings } from "../strings/types";
import { Svg, nth } from "../svg";
import { SITES, type SiteName } from "../sites";
import { C, type IconName } from "../theme";
import { backdrop, badge, dots, logo, tile } from "../ui";

export const size = { width: 1000, height: 750 };

const LIST: SiteName[] = ["amazon", "dropbox", "github", "google", "netflix", "paypal", "spotify"];

export function draw(t: Strings, lang: string): Svg {
  const d = t.devices;
  const svg = new Svg(size.width, size.height, d.title, lang);
  backdrop(svg);

  // The laptop: screen, then base.
  const [LX, LY, LW, LH] = [40, 80, 660, 430];
  svg.rect(LX, LY, LW, LH, "#1D2939", 18, ' filter="url(#sh)"');
  const [SX, SY, SW, SH] = [LX + 14, LY + 14, LW - 28, LH - 28];
  svg.rect(SX, SY, SW, SH, C.surface, 6);
  svg.raw(`<path d="M${LX - 30} ${LY + LH}h${LW + 60}l-14 22H${LX - 16}z" fill="#C5CFDA"/>`);
  svg.rect(LX + LW / 2 - 60, LY + LH, 120, 8, "#A8B4C2", 4);
  // Its app: sidebar, list, detail.
  svg.rect(SX, SY, 150, SH, C.side, 6).rect(SX + 144, SY, 6, SH, C.side);
  logo(svg, SX + 14, SY + 14, 22);
  svg.text(SX + 44, SY + 30, "KeyNest", "s13 h w", 96);
  [t.nav.all, t.nav.logins, t.nav.cards, t.nav.notes, t.nav.family].forEach((label, i) => {
    if (i === 0) svg.rect(SX + 8, SY + 52, 134, 26, C.sideActive, 6);
    svg.text(SX + 18, SY + 70 + i * 30, label, `s11 ${i ? "m sb" : "b w"}`, 118);
  });
  const listX = SX + 150;
  svg.rect(listX, SY, 210, SH, C.alt).rect(listX + 210, SY, 1, SH, C.line);
  svg.box(listX + 10, SY + 12, 190, 28, C.surface, C.field, 6);
  svg.icon("search", listX + 18, SY + 19, 14, C.inkSoft);
  svg.text(listX + 38, SY + 31, t.common.search, "s12 g", 150);
  LIST.forEach((site, i) => {
    const ry = SY + 50 + i * 46;
    if (i === 2) svg.rect(listX + 6, ry, 198, 44, C.soft, 6);
    tile(svg, listX + 14, ry + 9, 26, site);
    svg.text(listX + 50, ry + 20, SITES[site].name, "s12 b k", 140);
    svg.text(listX + 50, ry + 35, site === "github" ? t.owner.handle : t.owner.email, "s11 g", 146);
  });
  const DX = listX + 211;
  const DW = SX + SW - DX;
  tile(svg, DX + 20, SY + 20, 44, "github");
  svg.text(DX + 76, SY + 40, "GitHub", "s18 h k", DW - 90);
  svg.text(DX + 76, SY + 58, "github.com", "s12 p", DW - 90);
  const fields: [string, string][] = [
    [t.common.username, t.owner.handle],
    [t.common.password, ""],
    [t.vault.otp, "482 913"],
  ];
  fields.forEach(([label, value], i) => {
    const fy = SY + 86 + i * 58;
    svg.box(DX + 20, fy, DW - 40, 50, C.surface, C.line, 8);
    svg.text(DX + 32, fy + 19, label, "s11 m g", DW - 64);
    if (i === 1) dots(svg, DX + 32, fy + 38, 12, DW - 64);
    else svg.text(DX + 32, fy + 38, value, `s13 ${i === 2 ? "b p mono" : "m k"}`, DW - 64);
  });
  badge(svg, DX + 20, SY + 268, 88, t.common.strong, "success");

  // The phone.
  const [PX, PY, PW, PH] = [680, 150, 270, 530];
  svg.rect(PX, PY, PW, PH, "#1D2939", 40, ' filter="url(#sh)"');
  const [QX, QY, QW, QH] = [PX + 10, PY + 10, PW - 20, PH - 20];
  svg.rect(QX, QY, QW, QH, C.surface, 31);
  svg.rect(PX + PW / 2 - 40, QY + 10, 80, 22, "#1D2939", 11);
  svg.text(QX + 30, QY + 26, "9:41", "s12 b k", 40);
  svg.text(QX + 20, QY + 74, d.vault, "s22 h k", QW - 70);
  logo(svg, QX + QW - 48, QY + 52, 28);
  svg.rect(QX + 14, QY + 88, QW - 28, 32, C.alt, 10);
  svg.icon("search", QX + 24, QY + 96, 16, C.inkSoft);
  svg.text(QX + 48, QY + 109, t.common.search, "s12 g", QW - 76);
  LIST.slice(0, 6).forEach((site, i) => {
    const ry = QY + 132 + i * 52;
    if (i) svg.hr(QX + 60, ry, QW - 74);
    tile(svg, QX + 16, ry + 10, 32, site);
    svg.text(QX + 60, ry + 24, SITES[site].name, "s13 b k", QW - 76);
    svg.text(
      QX + 60,
      ry + 41,
      site === "github" ? t.owner.handle : t.owner.email,
      "s11 g",
      QW - 76,
    );
  });
  // Its tab bar.
  const tabY = QY + QH - 66;
  svg.hr(QX, tabY, QW);
  const icons: IconName[] = ["key", "refresh", "pulse", "gear"];
  const tw = QW / 4;
  d.tabs.forEach((label, i) => {
    const cx = QX + tw * i + tw / 2;
    const colour = i ? C.inkSoft : C.brandDark;
    svg.icon(nth(icons, i), cx - 9, tabY + 10, 18, colour);
    svg.text(cx, tabY + 44, label, `s10 ${i ? "m g" : "b p"}`, tw - 2, "middle");
  });
  svg.rect(QX + QW / 2 - 50, QY + QH - 12, 100, 4, C.ink, 2);

  // The sync between them.
  const [BX, BY] = [150, 620];
  const BW = 440;
  svg.raw(
    `<path d="M${BX + BW} ${BY + 20}H${PX - 8}" stroke="${C.brand}" stroke-width="2" stroke-dasharray="2 6" stroke-linecap="round" fill="none"/>`,
  );
  svg.rect(BX, BY, BW, 40, C.surface, 20, ` stroke="${C.line}"`);
  svg.circle(BX + 20, BY + 20, 12, C.successSoft);
  svg.icon("lock", BX + 12, BY + 12, 16, C.success);
  svg.text(BX + 42, BY + 25, d.synced, "s13 b k", BW - 56);
  return svg;
}
