import { DOWNLOAD_TARGETS, type DownloadTarget } from "./platforms";

/**
 * The operating system each download target installs on; null for the browser extensions and the
 * web app, which run in a browser on any of them. A new target must say which it is.
 */
const OPERATING_SYSTEM: Readonly<Record<DownloadTarget, string | null>> = {
  windows: "Windows",
  macos: "macOS",
  ios: "iOS",
  android: "Android",
  chrome: null,
  firefox: null,
  edge: null,
  safari: null,
  app: null,
};

/** The operating systems the apps are offered for, in the downloads' order. */
export function operatingSystems(): string[] {
  return DOWNLOAD_TARGETS.flatMap((target) => OPERATING_SYSTEM[target] ?? []);
}
