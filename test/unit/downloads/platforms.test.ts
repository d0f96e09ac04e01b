import { describe, expect, it } from "vitest";
import { browserOf, isDownloadTarget, platformOf } from "~/downloads/platforms";

const UA = {
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
  windowsFirefox:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
  chromeOs:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  opera:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/120.0.0.0",
};

describe("platformOf", () => {
  it.each([
    [UA.windowsChrome, 0, "windows"],
    [UA.windowsEdge, 0, "windows"],
    [UA.macSafari, 0, "macos"],
    [UA.macSafari, 5, "ios"], // an iPad asking for the desktop site
    [UA.iphone, 5, "ios"],
    [UA.ipad, 5, "ios"],
    [UA.android, 5, "android"],
    [UA.chromeOs, 0, "chrome"],
    [UA.linuxFirefox, 0, "app"],
    ["curl/8.0", 0, "app"],
    ["", 0, null],
    ["   ", 0, null],
  ])("%s (%i touch points) → %s", (ua, touch, expected) => {
    expect(platformOf(ua, touch)).toBe(expected);
  });

  it("reads only the start of an over-long string", () => {
    expect(platformOf(`${"x".repeat(600)} Windows`)).toBe("app");
  });
});

describe("browserOf", () => {
  it.each([
    [UA.windowsChrome, "chrome"],
    [UA.windowsEdge, "edge"],
    [UA.windowsFirefox, "firefox"],
    [UA.macSafari, "safari"],
    [UA.macChrome, "chrome"],
    [UA.chromeOs, "chrome"],
    [UA.opera, null],
    [UA.iphone, null],
    [UA.android, null],
    ["", null],
  ])("%s → %s", (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });
});

describe("isDownloadTarget", () => {
  it.each([
    ["windows", true],
    ["app", true],
    ["safari", true],
    ["linux", false],
    ["Windows", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => {
    expect(isDownloadTarget(value)).toBe(expected);
  });
});
