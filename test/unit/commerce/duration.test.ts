import { describe, expect, it } from "vitest";
import {
  durationFromInfo,
  monthsOf,
  parseDurationText,
  sameLength,
  weeksOf,
  type Duration,
  type DurationErrorCode,
} from "~/commerce/duration";

const period = (unit: "day" | "week" | "month" | "year", count: number): Duration => ({
  kind: "period",
  unit,
  count,
});
const LIFETIME: Duration = { kind: "lifetime" };

describe("duration text ({n} day|week|month|year)", () => {
  it.each<[string, Duration]>([
    ["1 month", period("month", 1)],
    ["3 months", period("month", 3)],
    ["2 months", period("month", 2)],
    ["6 months", period("month", 6)],
    ["1 year", period("year", 1)],
    ["3 years", period("year", 3)],
    ["7 days", period("day", 7)],
    ["1 day", period("day", 1)],
    ["1 week", period("week", 1)],
    ["52 weeks", period("week", 52)],
    ["100 years", LIFETIME],
    ["99 years", period("year", 99)],
    ["1200 months", period("month", 1200)],
    ["36500 days", period("day", 36500)],
    ["1 MONTH", period("month", 1)],
    ["3 Years", period("year", 3)],
    ["  12   months \n", period("month", 12)],
    ["\t1\tyear\t", period("year", 1)],
    ["12months", period("month", 12)],
    ["1 months", period("month", 1)],
    ["3 month", period("month", 3)],
  ])("reads %j", (text, expected) => {
    expect(parseDurationText(text)).toEqual({ ok: true, value: expected });
  });

  it.each<[unknown, DurationErrorCode]>([
    ["", "missing"],
    ["   ", "missing"],
    [undefined, "missing"],
    [null, "missing"],
    [12, "missing"],
    ["month", "malformed"],
    ["one month", "malformed"],
    ["1.5 months", "malformed"],
    ["1,5 months", "malformed"],
    ["-1 month", "malformed"],
    ["+1 month", "malformed"],
    ["01 month", "malformed"],
    ["1 month free", "malformed"],
    ["1 month + 7 days", "malformed"],
    ["month 1", "malformed"],
    ["1 mon th", "malformed"],
    ["1 month.", "malformed"],
    ["１ month", "malformed"],
    ["1 month".padEnd(41, " ") + "x", "malformed"],
    ["1 mo", "unknownUnit"],
    ["1 hour", "unknownUnit"],
    ["1 monthss", "unknownUnit"],
    ["lifetime", "malformed"],
    ["1 lifetime", "unknownUnit"],
    ["0 months", "outOfRange"],
    ["0 days", "outOfRange"],
    ["101 years", "outOfRange"],
    ["1201 months", "outOfRange"],
    ["36501 days", "outOfRange"],
    ["5201 weeks", "outOfRange"],
    ["99999999999999999999 days", "outOfRange"],
  ])("refuses %j (%s)", (text, code) => {
    const result = parseDurationText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it("shortens what it reports", () => {
    const result = parseDurationText("1 month".repeat(100));
    expect(result).toEqual({
      ok: false,
      error: { code: "malformed", input: `${"1 month".repeat(5)}1 mon…` },
    });
  });
});

describe("upstream info {type, count}", () => {
  it.each<[unknown, Duration]>([
    [{ type: "month", count: 1 }, period("month", 1)],
    [{ type: "months", count: 6 }, period("month", 6)],
    [{ type: "Month", count: 3 }, period("month", 3)],
    [{ type: " year ", count: 1 }, period("year", 1)],
    [{ type: "year", count: 3 }, period("year", 3)],
    [{ type: "year", count: 100 }, LIFETIME],
    [{ type: "day", count: 7 }, period("day", 7)],
    [{ type: "week", count: 1 }, period("week", 1)],
    [{ type: "lifetime" }, LIFETIME],
    [{ type: "LIFETIME", count: 1 }, LIFETIME],
    [{ type: "lifetime", count: 100 }, LIFETIME],
    [{ type: "lifetime", count: null }, LIFETIME],
  ])("reads %j", (info, expected) => {
    expect(durationFromInfo(info)).toEqual({ ok: true, value: expected });
  });

  it.each<[unknown, DurationErrorCode]>([
    [undefined, "missing"],
    [null, "missing"],
    ["1 month", "missing"],
    [{}, "missing"],
    [{ count: 1 }, "missing"],
    [{ type: "", count: 1 }, "missing"],
    [{ type: "month" }, "malformed"],
    [{ type: "month", count: "1" }, "malformed"],
    [{ type: "month", count: 1.5 }, "malformed"],
    [{ type: "month", count: Number.NaN }, "malformed"],
    [{ type: "month", count: Infinity }, "malformed"],
    [{ type: "lifetime", count: 2 }, "malformed"],
    [{ type: "lifetime", count: 0 }, "malformed"],
    [{ type: "hour", count: 1 }, "unknownUnit"],
    [{ type: "1 month", count: 1 }, "unknownUnit"],
    [{ type: "mo", count: 1 }, "unknownUnit"],
    [{ type: "month", count: 0 }, "outOfRange"],
    [{ type: "month", count: -1 }, "outOfRange"],
    [{ type: "year", count: 101 }, "outOfRange"],
    [{ type: "month", count: 1201 }, "outOfRange"],
  ])("refuses %j (%s)", (info, code) => {
    const result = durationFromInfo(info);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });
});

describe("duration arithmetic", () => {
  it.each<[Duration, number | null, number | null]>([
    [period("month", 1), 1, null],
    [period("month", 6), 6, null],
    [period("year", 1), 12, null],
    [period("year", 3), 36, null],
    [period("week", 1), null, 1],
    [period("day", 7), null, 1],
    [period("day", 14), null, 2],
    [period("day", 10), null, null],
    [LIFETIME, null, null],
  ])("%j is %s months, %s weeks", (duration, months, weeks) => {
    expect(monthsOf(duration)).toBe(months);
    expect(weeksOf(duration)).toBe(weeks);
  });

  it.each<[Duration, Duration, boolean]>([
    [period("day", 7), period("week", 1), true],
    [period("day", 14), period("week", 2), true],
    [period("month", 12), period("year", 1), true],
    [period("month", 36), period("year", 3), true],
    [period("day", 7), period("month", 1), false],
    [period("day", 30), period("month", 1), false],
    [period("year", 100), LIFETIME, false],
    [LIFETIME, LIFETIME, true],
  ])("sameLength(%o, %o) is %s", (a, b, expected) => {
    expect(sameLength(a, b)).toBe(expected);
    expect(sameLength(b, a)).toBe(expected);
  });
});
