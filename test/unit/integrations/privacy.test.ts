import { describe, expect, it } from "vitest";
import { privacySignalsOf, trackingRefused, type PrivacySignals } from "~/integrations/privacy";

describe("trackingRefused", () => {
  it.each<[string, PrivacySignals, boolean]>([
    ["no signal at all", {}, false],
    ["navigator.doNotTrack = '1'", { doNotTrack: "1" }, true],
    ["navigator.doNotTrack = 'yes' (old Firefox)", { doNotTrack: "yes" }, true],
    ["navigator.doNotTrack = '0' (tracking allowed)", { doNotTrack: "0" }, false],
    ["navigator.doNotTrack = 'no'", { doNotTrack: "no" }, false],
    ["navigator.doNotTrack = 'unspecified'", { doNotTrack: "unspecified" }, false],
    ["navigator.doNotTrack = null (not set)", { doNotTrack: null }, false],
    ["window.doNotTrack = '1' (Safari, IE 11)", { windowDoNotTrack: "1" }, true],
    ["navigator.msDoNotTrack = '1' (IE 9–10)", { msDoNotTrack: "1" }, true],
    ["navigator.msDoNotTrack = '0'", { msDoNotTrack: "0" }, false],
    ["Global Privacy Control on", { globalPrivacyControl: true }, true],
    ["Global Privacy Control off", { globalPrivacyControl: false }, false],
    ["GPC as a string is not the API's value", { globalPrivacyControl: "1" }, false],
    ["DNT off but GPC on", { doNotTrack: "0", globalPrivacyControl: true }, true],
    ["a number is not the API's value", { doNotTrack: 1 }, false],
  ])("%s → %s", (_name, signals, refused) => {
    expect(trackingRefused(signals)).toBe(refused);
  });

  it("reads every signal from a window", () => {
    const window = {
      doNotTrack: "1",
      navigator: { doNotTrack: "0", msDoNotTrack: undefined, globalPrivacyControl: true },
    } as unknown as Window;
    expect(privacySignalsOf(window)).toEqual({
      doNotTrack: "0",
      windowDoNotTrack: "1",
      msDoNotTrack: undefined,
      globalPrivacyControl: true,
    });
  });
});
