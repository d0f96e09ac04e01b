import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config/config.server";
import { securityTxt } from "~/security/security-txt";

const SETTINGS = parseConfig({}).securityTxt;
const NOON = Date.parse("2026-12-02T12:34:56Z");

/** The file's fields in order, as RFC 9116 §2.4 reads them: `Name: value` lines. */
function fields(text: string): [string, string][] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const match = /^([A-Za-z-]+): (\S.*)$/.exec(line);
      if (!match) throw new Error(`not a field: ${line}`);
      return [match[1]!, match[2]!];
    });
}

describe("security.txt (RFC 9116)", () => {
  it("names the contact, the policy, the languages and itself, and expires in 180 days", () => {
    const text = securityTxt("https://www.keynest.example", SETTINGS, NOON);
    expect(fields(text)).toEqual([
      ["Contact", "mailto:security@keynest.example"],
      ["Expires", "2027-05-31T00:00:00.000Z"],
      ["Policy", "https://www.keynest.example/security/disclosure"],
      ["Preferred-Languages", "en, ja, ru, tr, fr, de, uk, es, zh"],
      ["Canonical", "https://www.keynest.example/.well-known/security.txt"],
    ]);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("is the same all day, and its Expires always in the future and under a year away", () => {
    const morning = securityTxt("https://x.example", SETTINGS, Date.parse("2026-12-02T00:00:00Z"));
    const night = securityTxt("https://x.example", SETTINGS, Date.parse("2026-12-02T23:59:59Z"));
    expect(night).toBe(morning);
    for (const days of [1, 180, 364]) {
      const text = securityTxt("https://x.example", { ...SETTINGS, expiresDays: days }, NOON);
      const expires = Date.parse(new Map(fields(text)).get("Expires")!);
      expect(expires).toBeGreaterThan(NOON);
      expect(expires - NOON).toBeLessThan(365 * 86_400_000);
    }
  });

  it("takes the configured contacts in order and a policy elsewhere", () => {
    const { securityTxt: settings } = parseConfig({
      SECURITY_CONTACT: "https://hackerone.example/keynest, mailto:psirt@orbitshield.example",
      SECURITY_POLICY_URL: "https://orbitshield.example/disclosure",
      SECURITY_TXT_EXPIRES_DAYS: "30",
    });
    const text = securityTxt("https://x.example", settings, NOON);
    expect(fields(text).slice(0, 3)).toEqual([
      ["Contact", "https://hackerone.example/keynest"],
      ["Contact", "mailto:psirt@orbitshield.example"],
      ["Expires", "2027-01-01T00:00:00.000Z"],
    ]);
    expect(text).toContain("Policy: https://orbitshield.example/disclosure\n");
  });

  it.each([
    ["SECURITY_CONTACT", "security@keynest.example"],
    ["SECURITY_CONTACT", "http://insecure.example/report"],
    ["SECURITY_CONTACT", "javascript:alert(1)"],
    ["SECURITY_CONTACT", " , "],
    ["SECURITY_POLICY_URL", "//evil.example/policy"],
    ["SECURITY_TXT_EXPIRES_DAYS", "365"],
    ["SECURITY_TXT_EXPIRES_DAYS", "0"],
  ])("refuses %s=%j, naming it", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
