import browserslist from "browserslist";
import { fileURLToPath } from "node:url";

/**
 * The site's browser target: the `browserslist` queries in package.json (docs/decisions/024),
 * resolved once and turned into what each tool needs — the oldest version of every browser for the
 * CSS compatibility check and the older-engine test, esbuild's target list for the build.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** browserslist's browser names → @mdn/browser-compat-data's. */
const BCD_NAME: Record<string, string> = {
  chrome: "chrome",
  edge: "edge",
  firefox: "firefox",
  safari: "safari",
  ios_saf: "safari_ios",
  samsung: "samsunginternet_android",
  and_chr: "chrome_android",
  and_ff: "firefox_android",
  opera: "opera",
  op_mob: "opera_android",
  android: "webview_android",
};

/** esbuild's names for the engines it knows (it has no Samsung or Android Firefox targets). */
const ESBUILD_NAME: Record<string, string> = {
  chrome: "chrome",
  edge: "edge",
  firefox: "firefox",
  safari: "safari",
  ios_saf: "ios",
  opera: "opera",
};

/** A browser and the oldest version of it the site supports ("16.4", "115"). */
export type Targets = ReadonlyMap<string, string>;

/** "16.6-16.7" → "16.6"; "all" and "TP" are not versions. */
function lowestOfRange(version: string): string | null {
  const first = version.split("-")[0] ?? "";
  return /^\d+(\.\d+)*$/.test(first) ? first : null;
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The oldest version per browser that the queries select, keyed by browserslist's names. */
export function oldestVersions(queries?: string | readonly string[]): Map<string, string> {
  const oldest = new Map<string, string>();
  for (const entry of browserslist(queries as string | string[] | undefined, { path: ROOT })) {
    const [name, range] = entry.split(" ");
    const version = range ? lowestOfRange(range) : null;
    if (!name || !version) continue;
    const known = oldest.get(name);
    if (!known || compareVersions(version, known) < 0) oldest.set(name, version);
  }
  return oldest;
}

/** The target in @mdn/browser-compat-data's browser names (browsers it does not track dropped). */
export function bcdTargets(queries?: string | readonly string[]): Targets {
  const targets = new Map<string, string>();
  for (const [name, version] of oldestVersions(queries)) {
    const bcd = BCD_NAME[name];
    if (bcd) targets.set(bcd, version);
  }
  return targets;
}

/** The target as esbuild's `target` list ("chrome109", "safari16.4", …) for Vite's build. */
export function esbuildTargets(queries?: string | readonly string[]): string[] {
  const list: string[] = [];
  for (const [name, version] of oldestVersions(queries)) {
    const esbuild = ESBUILD_NAME[name];
    if (esbuild) list.push(`${esbuild}${version}`);
  }
  return list.sort();
}

export function describeTargets(targets: Targets): string {
  return [...targets].map(([browser, version]) => `${browser} ${version}`).join(", ");
}
