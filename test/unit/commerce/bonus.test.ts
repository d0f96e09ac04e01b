import { describe, expect, it } from "vitest";
import { bonusMessageFor, normalizeBonusCode } from "~/commerce/bonus";

describe("a refused bonus code's message", () => {
  it.each(["api.BAD_NEW_BONUS_CODE", "api.USE_NEW_BONUS_CODE_ON_OWN_ACC"])(
    "%s speaks of the order to a visitor who is not signed in",
    (message) => {
      expect(bonusMessageFor(message, false)).toBe("checkout.bonusNotForOrder");
      expect(bonusMessageFor(message, true)).toBe(message);
    },
  );

  it("keeps the other refusals as they are", () => {
    for (const message of ["purchase.BONUS_CODE_INVALID", "api.TOO_MANY_REQUESTS"]) {
      expect(bonusMessageFor(message, false)).toBe(message);
    }
  });
});

describe("a bonus code as typed", () => {
  it.each<[string, string | null]>([
    ["WELCOME-10", "WELCOME-10"],
    ["  abc_123 ", "abc_123"],
    ["", ""],
    ["  ", ""],
    ["<script>alert(1)</script>", null],
    ["code with spaces", null],
    ["-leading", null],
    ["a".repeat(64), "a".repeat(64)],
    ["a".repeat(65), null],
    ["ÄÖÜ", null],
  ])("%j → %j", (raw, code) => {
    expect(normalizeBonusCode(raw)).toBe(code);
  });
});
