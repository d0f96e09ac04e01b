/**
 * The product shots: app screens drawn as SVG with real labels in each of the site's languages,
 * written to public/demo/shots/<lang>/<shot>.svg by `npm run shots:draw` (draw.ts).
 *
 * The pictures are drawn for the default brand: they say "KeyNest" where the site's text says
 * {product}, since a picture cannot take the brand's placeholders.
 */
import type { Strings } from "./strings/types";
import type { Svg } from "./svg";
import { STYLES } from "./theme";
import { TABLES } from "./strings";
import * as alerts from "./shots/alerts";
import * as importBrowser from "./shots/import-browser";
import * as plan from "./shots/plan";
import * as familyInvite from "./shots/family-invite";
import * as teamsPolicies from "./shots/teams-policies";
import * as webVault from "./shots/web-vault";
import * as securitySettings from "./shots/security-settings";
import * as desktop from "./shots/desktop";
import * as mobile from "./shots/mobile";
import * as extension from "./shots/extension";
import * as autofill from "./shots/autofill";
import * as devices from "./shots/devices";
import * as family from "./shots/family";
import * as generator from "./shots/generator";
import * as importing from "./shots/import";
import * as teams from "./shots/teams";
import * as vault from "./shots/vault";

interface Shot {
  size: { width: number; height: number };
  draw(t: Strings, lang: string): Svg;
}

export const SHOTS = {
  vault,
  generator,
  autofill,
  family,
  teams,
  alerts,
  devices,
  import: importing,
  "extension-chrome": extension.chrome,
  "extension-firefox": extension.firefox,
  "extension-edge": extension.edge,
  "extension-safari": extension.safari,
  ios: mobile.ios,
  android: mobile.android,
  "ios-autofill": mobile.iosAutofill,
  windows: desktop.windows,
  macos: desktop.macos,
  "web-vault": webVault,
  "security-settings": securitySettings,
  "family-invite": familyInvite,
  "teams-policies": teamsPolicies,
  "import-browser": importBrowser,
  lifetime: plan.lifetime,
  "family-lifetime": plan.familyLifetime,
} satisfies Record<string, Shot>;

export type ShotName = keyof typeof SHOTS;

export const LANGS = Object.keys(TABLES) as (keyof typeof TABLES)[];

/** The languages' codes as the site writes them, and as BCP 47 writes them for `lang`. */
const BCP47: Record<string, string> = { ua: "uk", jp: "ja", zh: "zh-Hans" };

export interface Drawn {
  lang: string;
  shot: ShotName;
  /** Relative to public/. */
  path: string;
  svg: string;
  title: string;
  fits: Svg["fits"];
  size: { width: number; height: number };
}

export function drawShot(lang: keyof typeof TABLES, shot: ShotName): Drawn {
  const t = TABLES[lang];
  const picture = SHOTS[shot].draw(t, BCP47[lang] ?? lang);
  return {
    lang,
    shot,
    path: `demo/shots/${lang}/${shot}.svg`,
    svg: picture.toString(STYLES),
    title: picture.title,
    fits: picture.fits,
    size: SHOTS[shot].size,
  };
}

export function drawAll(): Drawn[] {
  return LANGS.flatMap((lang) =>
    (Object.keys(SHOTS) as ShotName[]).map((shot) => drawShot(lang, shot)),
  );
}
