import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  SEAL_MAX_LENGTH,
  SEAL_TTL_MS,
  openBonusSeal,
  sealBonus,
} from "~/commerce/bonus-seal.server";

const BONUS = { code: "WELCOME20", percent: 20, cost: 3588, discount: 718, total: 2870 };
const NOW = Date.UTC(2026, 10, 22, 12);

// Config is read once per test file: the secret is set before the first seal.
beforeAll(() => vi.stubEnv("SESSION_SECRET", "s".repeat(40)));
afterAll(() => vi.unstubAllEnvs());

function tamper(seal: string, edit: (body: Record<string, unknown>) => void): string {
  const [payload, signature] = seal.split(".");
  const body = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<
    string,
    unknown
  >;
  edit(body);
  return `${Buffer.from(JSON.stringify(body)).toString("base64url")}.${signature}`;
}

describe("bonus seal", () => {
  let seal = "";
  beforeAll(() => {
    seal = sealBonus(BONUS, 102, NOW);
  });

  it("opens its own seal for the same plan and code", () => {
    expect(openBonusSeal(seal, 102, "WELCOME20", NOW + 1000)).toEqual({ ...BONUS, seal });
    expect(openBonusSeal(seal, 102, " WELCOME20 ", NOW)).toMatchObject(BONUS);
  });

  it.each<[string, (seal: string) => unknown, number, unknown, number]>([
    ["another plan", (s) => s, 103, "WELCOME20", NOW],
    ["another code", (s) => s, 102, "TEAM25", NOW],
    ["no code", (s) => s, 102, undefined, NOW],
    ["expired", (s) => s, 102, "WELCOME20", NOW + SEAL_TTL_MS],
    ["a raised discount", (s) => tamper(s, (b) => (b.d = 3000)), 102, "WELCOME20", NOW],
    ["a lowered total", (s) => tamper(s, (b) => (b.t = 1)), 102, "WELCOME20", NOW],
    ["a later expiry", (s) => tamper(s, (b) => (b.e = NOW * 2)), 102, "WELCOME20", NOW],
    ["a cut signature", (s) => s.slice(0, -2), 102, "WELCOME20", NOW],
    ["an extra part", (s) => `${s}.x`, 102, "WELCOME20", NOW],
    ["no signature", (s) => s.split(".")[0], 102, "WELCOME20", NOW],
    ["junk", () => "%%%.***", 102, "WELCOME20", NOW],
    ["an over-long value", (s) => `${s}${"A".repeat(SEAL_MAX_LENGTH)}`, 102, "WELCOME20", NOW],
    ["a file", () => new Blob(["x"]), 102, "WELCOME20", NOW],
    ["null", () => null, 102, "WELCOME20", NOW],
  ])("refuses %s", (_, value, plan, code, now) => {
    expect(openBonusSeal(value(seal), plan, code, now)).toBeNull();
  });

  it("refuses a seal made with another secret", () => {
    const payload = seal.split(".")[0] ?? "";
    const key = createHmac("sha256", "t".repeat(40)).update("checkout bonus seal").digest();
    const other = `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
    expect(other).not.toBe(seal);
    expect(openBonusSeal(other, 102, "WELCOME20", NOW)).toBeNull();
  });

  it("refuses a well-signed body of the wrong shape", () => {
    // Signed with the right key but not by sealBonus: a seal over a body missing fields.
    const odd = sealBonus({ ...BONUS, code: "" }, 102, NOW);
    expect(openBonusSeal(odd, 102, "", NOW)).toBeNull();
  });
});
