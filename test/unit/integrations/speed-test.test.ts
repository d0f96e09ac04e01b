import { describe, expect, it } from "vitest";
import { isSpeedTestAgent } from "~/integrations/speed-test";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describe("isSpeedTestAgent", () => {
  it.each([
    [
      "Lighthouse (desktop)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Chrome-Lighthouse",
    ],
    [
      "Lighthouse (mobile, as PageSpeed Insights runs it)",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
    ],
    [
      "PageSpeed Insights' older agent",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0 Safari/537.36 Google Page Speed Insights",
    ],
    ["Google-PageSpeed", "Mozilla/5.0 (compatible; Google-PageSpeed)"],
    ["Speed Insights", "Mozilla/5.0 Speed Insights"],
    ["WebPageTest", `${CHROME} PTST/240501.101010`],
    ["WebPageTest by name", "Mozilla/5.0 WebPageTest"],
    ["GTmetrix", `${CHROME} GTmetrix`],
    ["Pingdom", "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)"],
    ["Dareboost", `${CHROME} Dareboost`],
    ["DebugBear", `${CHROME} DebugBear`],
  ])("skips %s", (_name, ua) => {
    expect(isSpeedTestAgent(ua)).toBe(true);
  });

  it.each([
    ["Chrome", CHROME],
    ["Firefox", "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"],
    [
      "Safari on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    ],
    ["a word that merely contains the letters", `${CHROME} Adaptst/1.0`],
    ["an empty agent", ""],
    ["no agent", undefined],
  ])("lets %s through", (_name, ua) => {
    expect(isSpeedTestAgent(ua)).toBe(false);
  });
});
