import { describe, expect, it } from "vitest";
import { redeemSchema } from "~/commerce/redeem";

describe("redeemSchema", () => {
  it.each([
    [
      { step: "check", code: " gift-year-2026 " },
      { step: "check", code: "GIFT-YEAR-2026" },
    ],
    [
      { step: "apply", code: "abcd", email: " Mia@Example.COM " },
      { step: "apply", code: "ABCD", email: "mia@example.com" },
    ],
  ])("accepts %j", (input, expected) => {
    expect(redeemSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ step: "check", code: "abc" }, "redeem.errors.invalid"],
    [{ step: "check", code: "GIFT YEAR" }, "redeem.errors.invalid"],
    [{ step: "check", code: "A".repeat(65) }, "redeem.errors.invalid"],
    [{ step: "check" }, "validation.REQUIRED"],
    [{ step: "check", code: ["A-1234", "B-1234"] }, "validation.INVALID_VALUE"],
    [{ step: "apply", code: "ABCD" }, "validation.REQUIRED"],
    [{ step: "apply", code: "ABCD", email: "mia@" }, "validation.INVALID_EMAIL"],
    [{ step: "other", code: "ABCD" }, "validation.INVALID_VALUE"],
    [{ code: "ABCD" }, "validation.INVALID_VALUE"],
  ])("refuses %j with %s", (input, message) => {
    const result = redeemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
