import { describe, expect, it } from "vitest";
import type { ButtonDescriptor } from "~/blocks/fields";
import {
  collectDownloadRefs,
  hasStoreButtons,
  rewriteButton,
  rewriteButtons,
  type ButtonRules,
} from "~/downloads/buttons";

const API = "/api/orbitshield";
const WINDOWS_LINK = `${API}/keynest-download/?platform=windows`;
const EXE = "https://download.orbitshield.example/keynest/3.4.1/keynest-Setup.exe";
const MS_STORE = "https://apps.microsoft.example/detail/keynest";

function rules(over: Partial<ButtonRules> = {}): ButtonRules {
  return {
    apiPrefix: API,
    product: "keynest",
    stores: {
      keynest: { windows: MS_STORE, firefox: "https://addons.mozilla.example/keynest" },
      vpn: { macos: "https://apps.apple.example/app/vpn" },
    },
    installers: new Map([["keynest|windows", { url: EXE, version: "3.4.1" }]]),
    storeVisit: false,
    text: { installer: (p) => `Direct download for ${p}`, version: (v) => `version ${v}` },
    ...over,
  };
}

function button(over: Partial<ButtonDescriptor>): ButtonDescriptor {
  return { "btn-text": "Download", "btn-link": "", "btn-type": "primary", isblank: false, ...over };
}

const windowsBadge = button({
  "btn-text": "Download for Windows",
  "btn-link": WINDOWS_LINK,
  "btn-type": "windows",
  subtitle: "Windows 10 and 11",
});

const installerButton = {
  "btn-text": "Direct download for Windows",
  "btn-link": EXE,
  "btn-type": "secondary-outlined",
  isblank: false,
  "extension-icon": "download",
  subtitle: ".exe · version 3.4.1 · Windows 10 and 11",
};

describe("rewriteButton", () => {
  it("splits a badge that linked to an installer into the store badge and a labelled installer", () => {
    expect(rewriteButton(windowsBadge, rules())).toEqual([
      { ...windowsBadge, "btn-text": "", "btn-link": MS_STORE, isblank: true },
      installerButton,
    ]);
  });

  it.each([
    ["a store visit: the badge only", { storeVisit: true }, [MS_STORE]],
    [
      "a failed download call: the badge only",
      { installers: new Map([["keynest|windows", null]]) },
      [MS_STORE],
    ],
    ["no store listing: the installer only", { stores: {} }, [EXE]],
    [
      "no store listing and a failed call: the provider link",
      { stores: {}, installers: new Map() },
      [WINDOWS_LINK],
    ],
    ["no store listing on a store visit: nothing", { stores: {}, storeVisit: true }, []],
    [
      "a store listing that is an installer: never a badge",
      { stores: { keynest: { windows: EXE } } },
      [EXE],
    ],
  ] as const)("%s", (_case, over, hrefs) => {
    const made = rewriteButton(windowsBadge, rules(over as Partial<ButtonRules>));
    expect(made.map((b) => b["btn-link"])).toEqual(hrefs);
  });

  it("keeps a badge whose own link is a store listing when none is configured", () => {
    const ios = button({
      "btn-link": "https://orbitshield.example/store/keynest/ios",
      "btn-type": "ios",
    });
    expect(rewriteButton(ios, rules())[0]).toBe(ios);
  });

  it("sends an extension button to its configured add-on store", () => {
    const firefox = button({
      "btn-text": "Add to Firefox",
      "btn-link": "https://orbitshield.example/store/keynest/firefox",
      "extension-icon": "firefox",
    });
    expect(rewriteButton(firefox, rules())).toEqual([
      { ...firefox, "btn-link": "https://addons.mozilla.example/keynest", isblank: true },
    ]);
  });

  it("labels a plain installer button and hides it on a store visit", () => {
    const plain = button({
      "btn-text": "Get the VPN",
      "btn-link": `${API}/vpn-download/?platform=macos`,
    });
    const vpn = { url: "https://d.example/vpn/vpn-Installer.dmg", version: "3.4.1" };
    const withVpn = rules({ installers: new Map([["vpn|macos", vpn]]) });
    expect(rewriteButton(plain, withVpn)[0]).toMatchObject({
      "btn-text": "Direct download for macOS",
      "btn-link": vpn.url,
      subtitle: ".dmg · version 3.4.1",
    });
    expect(rewriteButton(plain, { ...withVpn, storeVisit: true })).toEqual([]);
  });

  it("sends a sister product's badge to that product's listing, never this product's", () => {
    const vpnBadge = { ...windowsBadge, "btn-link": `${API}/vpn-download/?platform=windows` };
    expect(rewriteButton(vpnBadge, rules()).map((b) => b["btn-link"])).toEqual([
      `${API}/vpn-download/?platform=windows`,
    ]);
    const vpnMac = {
      ...vpnBadge,
      "btn-type": "macos",
      "btn-link": `${API}/vpn-download/?platform=macos`,
    } as const;
    expect(rewriteButton(vpnMac, rules()).map((b) => b["btn-link"])).toEqual([
      "https://apps.apple.example/app/vpn",
    ]);
  });

  it("leaves other buttons alone", () => {
    const other = button({ "btn-link": "/pricing" });
    expect(rewriteButton(other, rules())[0]).toBe(other);
  });
});

describe("rewriteButtons", () => {
  const blocks = [
    { name: "hero", data: { title: "x", buttons: [windowsBadge] }, children: [] },
    {
      name: "cards",
      data: { items: [{ title: "a", button: button({ "btn-link": "/downloads" }) }] },
      children: [],
    },
  ];

  it("rewrites buttons at any depth and keeps untouched parts as they were", () => {
    const out = rewriteButtons(blocks, rules());
    expect(out[0]!.data.buttons?.map((b) => b["btn-link"])).toEqual([MS_STORE, EXE]);
    expect(out[1]).toBe(blocks[1]);
  });

  it("returns the same tree when nothing changes", () => {
    expect(rewriteButtons([blocks[1]], rules())[0]).toBe(blocks[1]);
  });

  it("drops a single button field that has nothing left", () => {
    const card = { items: [{ title: "w", button: windowsBadge }] };
    const out = rewriteButtons(card, rules({ stores: {}, storeVisit: true }));
    expect(out.items[0]).toEqual({ title: "w" });
  });

  it("finds the download links and store buttons", () => {
    expect(collectDownloadRefs(blocks, API)).toEqual([{ product: "keynest", platform: "windows" }]);
    expect(hasStoreButtons(blocks, API)).toBe(true);
    expect(hasStoreButtons([blocks[1]], API)).toBe(false);
  });
});
