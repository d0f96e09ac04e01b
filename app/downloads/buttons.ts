import type { ButtonDescriptor } from "~/blocks/fields";
import { PLATFORM_TYPES } from "~/blocks/constants";
import {
  downloadRefOf,
  installerType,
  isInstallerLink,
  isStorePlatform,
  storeListing,
  type DownloadRef,
  type StorePlatform,
} from "./stores";

/** Store listings by product slug and platform. */
export type StoreListings = Readonly<Record<string, Partial<Record<StorePlatform, string>>>>;

/** An installer the provider service named for a download link (`{url, version}`). */
export interface Installer {
  url: string;
  version?: string;
  /** Release date (ISO), size in bytes and SHA-256 checksum, where the provider gives them. */
  released?: string;
  size?: number;
  sha256?: string;
}

export interface ButtonRules {
  /** `/api/{provider}`: links under it are provider endpoints. */
  apiPrefix: string;
  /** This product's slug: buttons that name no download endpoint are its. */
  product: string;
  /** Store listings by product and platform (site data); a badge leads here. */
  stores: StoreListings;
  /** The installer behind a download link (`product|platform`): null when the call failed. */
  installers: ReadonlyMap<string, Installer | null>;
  /** A visit from a store listing (`platform=store`, `download=appstore`): no direct installers. */
  storeVisit: boolean;
  /** The installer button's texts, in the page's language. */
  text: {
    installer: (platform: string) => string;
    version: (version: string) => string;
  };
}

/** Display names of the platforms (proper names, the same in every language). */
const PLATFORM_NAMES: Record<string, string> = {
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  ios: "iOS",
  android: "Android",
  chrome: "Chrome",
  firefox: "Firefox",
  edge: "Edge",
  safari: "Safari",
};

export function refKey(ref: DownloadRef): string {
  return `${ref.product}|${ref.platform}`;
}

export function isButton(value: unknown): value is ButtonDescriptor {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)["btn-link"] === "string" &&
    typeof (value as Record<string, unknown>)["btn-type"] === "string"
  );
}

/**
 * The store a button stands for: a platform button (a store badge, SPEC §2) or a button with a
 * browser's extension icon; null for any other button.
 */
function storeOf(button: ButtonDescriptor): StorePlatform | null {
  const type = button["btn-type"];
  if ((PLATFORM_TYPES as readonly string[]).includes(type)) return type as StorePlatform;
  const icon = button["extension-icon"];
  return icon && icon !== "windows" && icon !== "macos" && isStorePlatform(icon) ? icon : null;
}

function installerButton(
  button: ButtonDescriptor,
  link: string,
  installer: Installer | null | undefined,
  platform: string | null,
  rules: ButtonRules,
): ButtonDescriptor {
  const name = platform ? (PLATFORM_NAMES[platform] ?? "") : "";
  const details = [
    installer ? installerType(installer.url) : installerType(link),
    installer?.version ? rules.text.version(installer.version) : "",
    button.subtitle ?? "",
  ].filter(Boolean);
  return {
    "btn-text": name ? rules.text.installer(name) : button["btn-text"],
    "btn-link": installer?.url ?? link,
    "btn-type": "secondary-outlined",
    isblank: false,
    "extension-icon": "download",
    ...(details.length > 0 ? { subtitle: details.join(" · ") } : {}),
  };
}

/**
 * What a content button becomes on the page (SPEC §2, §7):
 * - a store badge (or extension button) leads to its store listing: the configured one, else the
 *   content's own link when that is a listing; never an installer;
 * - a link to an installer becomes a separate button labelled as a direct download, pointing to
 *   the installer the provider named (`/{provider}/{product}-download/`); when that call failed
 *   it is left out if the store badge is there, else it keeps the provider link;
 * - on a store visit no direct installer is offered at all.
 * Returns the same button object when nothing changes.
 */
export function rewriteButton(button: ButtonDescriptor, rules: ButtonRules): ButtonDescriptor[] {
  const link = button["btn-link"].trim();
  const installerLink = isInstallerLink(link, rules.apiPrefix);
  const ref = downloadRefOf(link, rules.apiPrefix);
  const installer = ref ? rules.installers.get(refKey(ref)) : undefined;
  const store = storeOf(button);
  if (!store) {
    if (!installerLink) return [button];
    if (rules.storeVisit) return [];
    return [installerButton(button, link, installer, ref?.platform ?? null, rules)];
  }
  const configured = storeListing(
    rules.stores[ref?.product ?? rules.product]?.[store],
    rules.apiPrefix,
  );
  const own = installerLink ? null : storeListing(link, rules.apiPrefix);
  const listing = configured ?? own;
  const out: ButtonDescriptor[] = [];
  if (listing === link) out.push(button);
  else if (listing) {
    // The badge names its store itself; the content's text described the installer.
    const text = (PLATFORM_TYPES as readonly string[]).includes(button["btn-type"])
      ? ""
      : button["btn-text"];
    out.push({ ...button, "btn-text": text, "btn-link": listing, isblank: true });
  }
  if (installerLink && !rules.storeVisit && (installer || !listing)) {
    out.push(installerButton(button, link, installer, ref?.platform ?? store, rules));
  }
  return out;
}

/** The provider download endpoints the buttons anywhere in `value` link to. */
export function collectDownloadRefs(value: unknown, apiPrefix: string, into: DownloadRef[] = []) {
  if (isButton(value)) {
    const ref = downloadRefOf(value["btn-link"].trim(), apiPrefix);
    if (ref && !into.some((known) => refKey(known) === refKey(ref))) into.push(ref);
  } else if (Array.isArray(value)) {
    for (const item of value) collectDownloadRefs(item, apiPrefix, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) collectDownloadRefs(item, apiPrefix, into);
  }
  return into;
}

/** Whether any button in `value` is a store badge, an extension button or an installer link. */
export function hasStoreButtons(value: unknown, apiPrefix: string): boolean {
  if (isButton(value)) {
    return storeOf(value) !== null || isInstallerLink(value["btn-link"].trim(), apiPrefix);
  }
  if (Array.isArray(value)) return value.some((item) => hasStoreButtons(item, apiPrefix));
  if (value && typeof value === "object") {
    return Object.values(value).some((item) => hasStoreButtons(item, apiPrefix));
  }
  return false;
}

/**
 * `value` with every button rewritten (rewriteButton): in arrays a button may become two or none;
 * a single button field keeps the first (or is dropped). Unchanged parts keep their identity.
 */
export function rewriteButtons<T>(value: T, rules: ButtonRules): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.flatMap((item: unknown) => {
      if (isButton(item)) {
        const made = rewriteButton(item, rules);
        if (made.length !== 1 || made[0] !== item) changed = true;
        return made;
      }
      const made = rewriteButtons(item, rules);
      if (made !== item) changed = true;
      return [made];
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === "object") {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      let made: unknown;
      if (isButton(item)) made = rewriteButton(item, rules)[0];
      else made = rewriteButtons(item, rules);
      if (made !== item) changed = true;
      if (made !== undefined) out[key] = made;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
