import { describe, expect, it } from "vitest";
import { portRange } from "../../../scripts/quality/ports";

describe("the ports the quality checks use", () => {
  it.each<[string | undefined, [number, number]]>([
    ["", [4300, 4399]],
    ["4820-4899", [4820, 4899]],
    [" 5000-5000 ", [5000, 5000]],
    ["4899-4820", [4300, 4399]],
    ["80-90", [4300, 4399]],
    ["4820-70000", [4300, 4399]],
    ["4820", [4300, 4399]],
  ])("QUALITY_PORTS=%j gives %j", (value, range) => {
    expect(portRange(value)).toEqual(range);
  });
});
