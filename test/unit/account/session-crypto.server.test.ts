import { describe, expect, it } from "vitest";
import {
  MAX_SEALED_LENGTH,
  open,
  seal,
  sealPayload,
  sessionKey,
} from "~/account/session-crypto.server";

const KEY = sessionKey("a".repeat(32));
const OLD_KEY = sessionKey("b".repeat(32));
const NOW = Date.UTC(2026, 10, 22, 12);
const CONTENT = { authToken: "auth-123", accessToken: "access-456" };
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

describe("sealed session cookies", () => {
  it("open what they seal, with a fresh id and the expiry asked for", () => {
    const value = seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed;
    const session = open(value, KEY, NOW + 1000);
    expect(session).toMatchObject(CONTENT);
    expect(session?.iat).toBe(NOW);
    expect(session?.exp).toBe(NOW + MAX_AGE_MS);
    expect(session?.sid).toMatch(/^[0-9a-f]{32}$/);
  });

  it("never show the tokens in the cookie value, and never seal the same value twice", () => {
    const first = seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed;
    const second = seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed;
    expect(first).not.toBe(second);
    expect(open(first, KEY, NOW)?.sid).not.toBe(open(second, KEY, NOW)?.sid);
    for (const value of [first, second]) {
      expect(value).not.toContain("auth-123");
      expect(Buffer.from(value.slice(3), "base64url").toString("latin1")).not.toContain("auth");
    }
  });

  it("keep id and expiry when a session's content changes", () => {
    const session = open(seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed, KEY, NOW)!;
    const again = open(sealPayload({ ...session, sessionId: "vault-1" }, KEY), KEY, NOW);
    expect(again).toEqual({ ...session, sessionId: "vault-1" });
  });

  it("are refused once expired", () => {
    const value = seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed;
    expect(open(value, KEY, NOW + MAX_AGE_MS - 1)).not.toBeNull();
    expect(open(value, KEY, NOW + MAX_AGE_MS)).toBeNull();
  });

  it("are refused when issued in the future (a clock far behind the sealer's)", () => {
    expect(open(seal(CONTENT, KEY, NOW + 120_000, MAX_AGE_MS).sealed, KEY, NOW)).toBeNull();
  });

  it("are refused under another (an old) secret", () => {
    expect(open(seal(CONTENT, OLD_KEY, NOW, MAX_AGE_MS).sealed, KEY, NOW)).toBeNull();
  });

  const valid = seal(CONTENT, KEY, NOW, MAX_AGE_MS).sealed;
  const flip = (value: string, at: number) => {
    const chars = [...value];
    chars[at] = chars[at] === "A" ? "B" : "A";
    return chars.join("");
  };
  it.each([
    ["empty", ""],
    ["null", null],
    ["another version", `v2${valid.slice(2)}`],
    ["no version", valid.slice(3)],
    ["a flipped byte in the iv", flip(valid, 5)],
    ["a flipped byte in the body", flip(valid, 40)],
    ["a flipped byte in the tag", flip(valid, valid.length - 2)],
    ["cut short", valid.slice(0, 30)],
    ["characters outside base64url", `${valid.slice(0, -1)}%`],
    ["too long", `v1.${"A".repeat(MAX_SEALED_LENGTH)}`],
    ["JSON instead of a sealed value", '{"authToken":"x"}'],
    ["a Remix-signed value", "eyJhdXRoVG9rZW4iOiJ4In0%3D.c2lnbmF0dXJl"],
  ])("are refused when %s", (_case, value) => {
    expect(open(value, KEY, NOW)).toBeNull();
  });

  it("are refused when a sealed payload has the wrong shape", () => {
    const session = open(valid, KEY, NOW)!;
    const bad = sealPayload({ ...session, authToken: "" }, KEY);
    expect(open(bad, KEY, NOW)).toBeNull();
    const huge = sealPayload({ ...session, authToken: "x".repeat(2000) }, KEY);
    expect(open(huge, KEY, NOW)).toBeNull();
  });
});
