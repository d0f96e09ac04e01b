/** Block vocabulary shared by the server-side schemas and the browser (kept free of zod). */

export const BUTTON_TYPES = [
  "primary",
  "secondary",
  "primary-outlined",
  "secondary-outlined",
  "tertiary",
  "link",
] as const;
export const PLATFORM_TYPES = ["android", "macos", "windows", "ios", "chrome"] as const;

export const ICON_NAMES = [
  "shield",
  "key",
  "lock",
  "sync",
  "share",
  "generator",
  "devices",
  "family",
  "team",
  "import",
  "autofill",
  "alert",
  "check",
  "cloud",
  "fingerprint",
  "globe",
  "card",
  "note",
  "eye",
  "support",
  "windows",
  "macos",
  "ios",
  "android",
  "chrome",
  "firefox",
  "edge",
  "safari",
  "web",
  "vpn",
  "firewall",
  "dns",
  "bundle",
  "book",
  "star",
  "download",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Content blocks that hold a visitor form (their chunk is loaded before the page renders). */
export const FORM_BLOCKS = [
  "contact-form",
  "partner-form",
  "redeem-form",
  "password-generator",
] as const;
