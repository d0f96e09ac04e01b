/**
 * Store badges (SPEC §2 'Content building blocks'): which store lists the app for each platform,
 * and whether a link is a store listing or a direct installer. A store badge only ever leads to
 * a store listing; an installer gets its own, plainly labelled button.
 */
export const STORE_PLATFORMS = [
  "windows",
  "macos",
  "ios",
  "android",
  "chrome",
  "firefox",
  "edge",
  "safari",
] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];

export function isStorePlatform(value: unknown): value is StorePlatform {
  return (STORE_PLATFORMS as readonly unknown[]).includes(value);
}

/** File types that install software when opened: a link to one is an installer. */
const INSTALLER_FILE = /\.(exe|msi|msix|appx|dmg|pkg|apk|aab|deb|rpm|appimage|xpi|crx|zip)$/i;

/** `/api/{provider}/{product}-download/?platform=…`: the provider's download endpoint (SPEC §7). */
export interface DownloadRef {
  product: string;
  platform: string;
}

/**
 * The provider download endpoint a content link names, or null. `apiPrefix` is `/api/{provider}`;
 * the product and platform are lower-case slugs (anything else is no download link).
 */
export function downloadRefOf(href: string, apiPrefix: string): DownloadRef | null {
  if (!href.startsWith(`${apiPrefix}/`)) return null;
  const rest = href.slice(apiPrefix.length + 1);
  const match = /^([a-z0-9-]{1,40})-download\/?(?:\?(.*))?$/.exec(rest);
  if (!match) return null;
  const platform = new URLSearchParams(match[2] ?? "").get("platform") ?? "";
  return /^[a-z0-9]{1,20}$/.test(platform) ? { product: match[1]!, platform } : null;
}

/** A link that downloads an installer: the provider's download endpoint or an installer file. */
export function isInstallerLink(href: string, apiPrefix: string): boolean {
  if (downloadRefOf(href, apiPrefix)) return true;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  return INSTALLER_FILE.test(path);
}

/** The file type of an installer URL (`.exe`), for its button's label; empty when unknown. */
export function installerType(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const match = INSTALLER_FILE.exec(path);
  return match ? `.${match[1]!.toLowerCase()}` : "";
}

/**
 * A configured store listing: an https URL that is no installer, else null (a bad entry in the
 * site data never becomes a badge that downloads a file).
 */
export function storeListing(url: unknown, apiPrefix: string): string | null {
  if (typeof url !== "string" || !/^https:\/\/[^/\s]+/i.test(url)) return null;
  return isInstallerLink(url, apiPrefix) ? null : url;
}
