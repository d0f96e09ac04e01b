import { describe, expect, it } from "vitest";
import type { PublicIntegrations } from "~/integrations/public";
import { tagManagerScriptUrl, taggingScripts } from "~/integrations/tagging";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const LIGHTHOUSE = `${CHROME} Chrome-Lighthouse`;

const GTM = "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3";
const CMP = "https://consent.example.com/cmp.js";
const both: PublicIntegrations = {
  consent: { src: CMP, attributes: { id: "cmp", "data-site": "k1" } },
  tagManager: { src: GTM },
};

describe("taggingScripts", () => {
  it.each<[string, PublicIntegrations, string, object, string[]]>([
    ["both configured, nothing refused", both, CHROME, {}, [CMP, GTM]],
    ["only the tag manager", { tagManager: { src: GTM } }, CHROME, {}, [GTM]],
    ["only the consent script", { consent: both.consent }, CHROME, {}, [CMP]],
    ["nothing configured", {}, CHROME, {}, []],
    [
      "error reporting alone adds no script here",
      { errors: { dsn: "x", environment: "p" } },
      CHROME,
      {},
      [],
    ],
    ["Do-Not-Track on", both, CHROME, { doNotTrack: "1" }, []],
    ["Do-Not-Track off", both, CHROME, { doNotTrack: "0" }, [CMP, GTM]],
    ["Safari's window.doNotTrack", both, CHROME, { windowDoNotTrack: "1" }, []],
    ["Global Privacy Control", both, CHROME, { globalPrivacyControl: true }, []],
    ["a Lighthouse run", both, LIGHTHOUSE, {}, []],
    ["a WebPageTest run", both, `${CHROME} PTST/1.0`, {}, []],
  ])("%s", (_name, integrations, userAgent, privacy, expected) => {
    const scripts = taggingScripts(integrations, { userAgent, privacy });
    expect(scripts.map((script) => script.src)).toEqual(expected);
  });

  it("puts the consent script first, with its attributes; the tag manager has none", () => {
    expect(taggingScripts(both, { userAgent: CHROME, privacy: {} })).toEqual([
      { kind: "consent", src: CMP, attributes: { id: "cmp", "data-site": "k1" } },
      { kind: "tag-manager", src: GTM, attributes: {} },
    ]);
  });
});

describe("tagManagerScriptUrl", () => {
  it.each([
    ["https://www.googletagmanager.com", "GTM-AB12CD3", GTM],
    [
      "https://tags.keynest.example/",
      "GTM-XYZ9",
      "https://tags.keynest.example/gtm.js?id=GTM-XYZ9",
    ],
  ])("%s + %s → %s", (host, id, url) => {
    expect(tagManagerScriptUrl(host, id)).toBe(url);
  });
});
