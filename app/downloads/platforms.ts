/**
 * The download targets of SPEC §2 (`/downloads/{target}`) and which of them a visitor's browser
 * runs on. Client-safe and tiny: the downloads page's OS preselect imports it.
 */
export const DOWNLOAD_TARGETS = [
  "windows",
  "macos",
  "ios",
  "android",
  "chrome",
  "firefox",
  "edge",
  "safari",
  "app",
] as const;
export type DownloadTarget = (typeof DOWNLOAD_TARGETS)[number];

export function isDownloadTarget(value: unknown): value is DownloadTarget {
  return (DOWNLOAD_TARGETS as readonly unknown[]).includes(value);
}

/**
 * The operating system of a User-Agent string, as a download target: phones and tablets first
 * (an iPad may say "Macintosh", so a touch screen on a Mac counts as iOS), then desktops;
 * Chrome OS gets the Chrome extension, Linux and anything else the web app. Null when empty.
 */
export function platformOf(userAgent: string, touchPoints = 0): DownloadTarget | null {
  const ua = userAgent.slice(0, 512);
  if (!ua.trim()) return null;
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return "ios";
  if (/\bAndroid\b/.test(ua)) return "android";
  if (/\bCrOS\b/.test(ua)) return "chrome";
  if (/\bWindows\b/.test(ua)) return "windows";
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return touchPoints > 1 ? "ios" : "macos";
  return "app";
}

/** The browser of a desktop User-Agent string whose extension the visitor could add. */
export function browserOf(userAgent: string): DownloadTarget | null {
  const ua = userAgent.slice(0, 512);
  if (/\b(iPhone|iPad|iPod|Android)\b/.test(ua)) return null;
  if (/\bEdg\//.test(ua)) return "edge";
  if (/\b(Firefox|FxiOS)\//.test(ua)) return "firefox";
  if (/\b(OPR|YaBrowser|SamsungBrowser)\//.test(ua)) return null;
  if (/\bChrom(e|ium)\//.test(ua)) return "chrome";
  if (/\bVersion\/[\d.]+ Safari\//.test(ua)) return "safari";
  return null;
}
