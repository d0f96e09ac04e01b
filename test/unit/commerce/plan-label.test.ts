import { describe, expect, it } from "vitest";
import { planLabel, planName } from "~/commerce/plan-label";

describe("planLabel", () => {
  it.each([
    ["1 year", { key: "commerce.duration.year", values: { count: 1 } }],
    ["3 months", { key: "commerce.duration.month", values: { count: 3 } }],
    ["100 years", { key: "commerce.duration.lifetime" }],
    ["a gift", "a gift"],
    ["", ""],
  ])("%s", (description, expected) => {
    expect(planLabel(description)).toMatchObject(expected as object);
  });

  it("names a plan with the page's t", () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      `${key}:${values?.count ?? ""}`;
    expect(planName("6 months", t)).toBe("commerce.duration.month:6");
    expect(planName("odd", t)).toBe("odd");
  });
});
