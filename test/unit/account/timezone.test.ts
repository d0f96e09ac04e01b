import { describe, expect, it } from "vitest";
import { parseTimezoneOffset, timezoneOffset } from "~/account/timezone";

describe("timezoneOffset", () => {
  it.each([
    [0, "+00:00"],
    [-60, "+01:00"],
    [-120, "+02:00"],
    [300, "-05:00"],
    [-330, "+05:30"],
    [-345, "+05:45"],
    [210, "-03:30"],
    [-840, "+14:00"],
    [720, "-12:00"],
    [-0, "+00:00"],
    [Number.NaN, "+00:00"],
    [5000, "+00:00"],
  ])("%d minutes behind UTC → %s", (minutes, expected) => {
    expect(timezoneOffset(minutes)).toBe(expected);
  });
});

describe("parseTimezoneOffset", () => {
  it.each([
    ["+01:00", "+01:00"],
    ["-05:30", "-05:30"],
    ["+18:00", "+18:00"],
    ["+18:01", "+00:00"],
    ["+01:60", "+00:00"],
    ["01:00", "+00:00"],
    ["+1:00", "+00:00"],
    ["<script>", "+00:00"],
    [undefined, "+00:00"],
    [null, "+00:00"],
  ])("%j → %s", (raw, expected) => {
    expect(parseTimezoneOffset(raw)).toBe(expected);
  });
});
