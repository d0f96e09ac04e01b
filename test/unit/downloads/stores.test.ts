import { describe, expect, it } from "vitest";
import { downloadRefOf, installerType, isInstallerLink, storeListing } from "~/downloads/stores";

const API = "/api/orbitshield";

describe("downloadRefOf", () => {
  it.each([
    [`${API}/keynest-download/?platform=windows`, { product: "keynest", platform: "windows" }],
    [`${API}/vpn-download/?platform=macos`, { product: "vpn", platform: "macos" }],
    [`${API}/firewall-download?platform=linux`, { product: "firewall", platform: "linux" }],
    [
      `${API}/keynest-download/?lang=de&platform=android`,
      { product: "keynest", platform: "android" },
    ],
    [`${API}/keynest-download/`, null],
    [`${API}/keynest-download/?platform=<script>`, null],
    [`${API}/keynest-download/?platform=Windows`, null],
    [`${API}/geo-ip/`, null],
    ["/api/acme/keynest-download/?platform=windows", null],
    ["https://example.com/keynest-download/?platform=windows", null],
  ])("%s → %j", (href, expected) => {
    expect(downloadRefOf(href, API)).toEqual(expected);
  });
});

describe("isInstallerLink", () => {
  it.each([
    [`${API}/keynest-download/?platform=windows`, true],
    ["https://download.orbitshield.example/keynest/3.4.1/keynest-Setup.exe", true],
    ["https://download.orbitshield.example/keynest/keynest-Installer.DMG?sig=1", true],
    ["https://cdn.example/app.apk#x", true],
    ["https://apps.microsoft.example/detail/keynest", false],
    ["https://orbitshield.example/store/keynest/ios", false],
    ["/downloads/windows", false],
    ["", false],
  ])("%s → %s", (href, expected) => {
    expect(isInstallerLink(href, API)).toBe(expected);
  });
});

describe("installerType", () => {
  it.each([
    ["https://d.example/a/keynest-Setup.exe", ".exe"],
    ["https://d.example/a/keynest-Installer.dmg?x=1", ".dmg"],
    ["https://d.example/a/keynest.APK", ".apk"],
    ["https://d.example/a/keynest", ""],
  ])("%s → %s", (url, expected) => {
    expect(installerType(url)).toBe(expected);
  });
});

describe("storeListing", () => {
  it.each([
    [
      "https://apps.microsoft.example/detail/keynest",
      "https://apps.microsoft.example/detail/keynest",
    ],
    ["http://apps.microsoft.example/detail/keynest", null],
    ["https://download.example/keynest-Setup.exe", null],
    [`${API}/keynest-download/?platform=windows`, null],
    ["javascript:alert(1)", null],
    ["https://", null],
    [42, null],
    [undefined, null],
  ])("%s → %s", (url, expected) => {
    expect(storeListing(url, API)).toBe(expected);
  });
});
