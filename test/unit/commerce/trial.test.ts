import { describe, expect, it } from "vitest";
import { trialSchema } from "~/commerce/trial";

describe("trialSchema", () => {
  it.each([
    [
      { plan: "109", email: "A@B.example", marketing: "on", trial: "1" },
      { plan: 109, email: "a@b.example", marketing: true, trial: "1" },
    ],
    [
      { plan: "110", email: "a@b.example", trial: "1" },
      { plan: 110, email: "a@b.example", marketing: false, trial: "1" },
    ],
  ])("accepts %j", (input, expected) => {
    expect(trialSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ plan: "0109", email: "a@b.example", trial: "1" }, "checkout.planUnavailable"],
    [{ plan: "109", email: "", trial: "1" }, "validation.REQUIRED"],
    [{ plan: "109", email: "a@", trial: "1" }, "validation.INVALID_EMAIL"],
    [{ plan: "109", email: "a@b.example", trial: "yes" }, "validation.INVALID_VALUE"],
    [
      { plan: "109", email: "a@b.example", marketing: "off", trial: "1" },
      "validation.INVALID_VALUE",
    ],
  ])("refuses %j with %s", (input, message) => {
    const result = trialSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
