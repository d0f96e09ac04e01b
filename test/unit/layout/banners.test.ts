import { describe, expect, it } from "vitest";
import { startOfUtcHour } from "~/config/clock.server";
import { BANNERS, isBannerLive, isWithinWindow } from "~/layout/banners";

const at = (iso: string) => Date.parse(iso);

describe("banner windows", () => {
  it("match SPEC §4", () => {
    expect(BANNERS.rewards).toEqual({ start: "2025-07-09", end: "2025-12-31" });
    expect(BANNERS.coinRewards).toEqual({ start: "2025-05-14", end: "2025-10-30" });
  });

  it.each([
    ["2025-07-08T23:59:59.999Z", false],
    ["2025-07-09T00:00:00.000Z", true],
    ["2025-09-15T12:00:00.000Z", true],
    ["2025-12-31T23:59:59.999Z", true],
    ["2026-01-01T00:00:00.000Z", false],
    ["2026-11-21T10:00:00.000Z", false],
  ])("rewards banner at %s → %s", (iso, live) => {
    expect(isBannerLive("rewards", at(iso))).toBe(live);
  });

  it.each([
    ["2025-05-13T23:59:59.999Z", false],
    ["2025-05-14T00:00:00.000Z", true],
    ["2025-10-30T23:59:59.999Z", true],
    ["2025-10-31T00:00:00.000Z", false],
  ])("coin-rewards banner at %s → %s", (iso, live) => {
    expect(isBannerLive("coinRewards", at(iso))).toBe(live);
  });

  it.each([
    ["2026-02-28T23:59:59.999Z", false],
    ["2026-03-01T00:00:00.000Z", true],
    ["2026-03-01T23:59:59.999Z", true],
    ["2026-03-02T00:00:00.000Z", false],
  ])("treats a one-day window as the whole of that day: at %s → %s", (iso, live) => {
    expect(isWithinWindow(at(iso), { start: "2026-03-01", end: "2026-03-01" })).toBe(live);
  });

  // Leap days: 2028-02-29 and 2024-02-29 are real days, each its own 24 hours.
  const LEAP_DAY = { start: "2028-02-29", end: "2028-02-29" };
  const TO_LEAP_DAY = { start: "2024-02-01", end: "2024-02-29" };
  const FROM_LEAP_DAY = { start: "2024-02-29", end: "2024-03-31" };
  it.each([
    ["the leap day 2028-02-29 alone", "2028-02-28T23:59:59.999Z", false, LEAP_DAY],
    ["the leap day 2028-02-29 alone", "2028-02-29T00:00:00.000Z", true, LEAP_DAY],
    ["the leap day 2028-02-29 alone", "2028-02-29T12:00:00.000Z", true, LEAP_DAY],
    ["the leap day 2028-02-29 alone", "2028-02-29T23:59:59.999Z", true, LEAP_DAY],
    ["the leap day 2028-02-29 alone", "2028-03-01T00:00:00.000Z", false, LEAP_DAY],
    ["a window ending on the leap day 2024-02-29", "2024-02-28T23:59:59.999Z", true, TO_LEAP_DAY],
    ["a window ending on the leap day 2024-02-29", "2024-02-29T23:59:59.999Z", true, TO_LEAP_DAY],
    ["a window ending on the leap day 2024-02-29", "2024-03-01T00:00:00.000Z", false, TO_LEAP_DAY],
    [
      "a window starting on the leap day 2024-02-29",
      "2024-02-28T23:59:59.999Z",
      false,
      FROM_LEAP_DAY,
    ],
    [
      "a window starting on the leap day 2024-02-29",
      "2024-02-29T00:00:00.000Z",
      true,
      FROM_LEAP_DAY,
    ],
    [
      "a window starting on the leap day 2024-02-29",
      "2024-03-01T00:00:00.000Z",
      true,
      FROM_LEAP_DAY,
    ],
  ])("%s, at %s → %s", (_what, iso, live, window) => {
    expect(isWithinWindow(at(iso), window)).toBe(live);
  });

  it("shows no banner at a server date that is no date", () => {
    expect(isWithinWindow(Number.NaN, { start: "2025-07-09", end: "2025-12-31" })).toBe(false);
    expect(isWithinWindow(Number.NaN, LEAP_DAY)).toBe(false);
    expect(isBannerLive("rewards", Number.NaN)).toBe(false);
  });

  it.each([
    ["a month that does not exist", { start: "2026-13-01", end: "2026-13-31" }],
    ["a day that does not exist", { start: "2026-01-32", end: "2026-01-32" }],
    ["no date at all", { start: "soon", end: "later" }],
  ])("never shows a window whose days cannot be read: %s", (_what, window) => {
    for (const iso of ["2026-01-01T00:00:00.000Z", "2026-06-15T12:00:00.000Z"]) {
      expect(isWithinWindow(at(iso), window)).toBe(false);
    }
  });

  it.each([
    ["2025-07-08T23:59:59.999Z", "2025-07-08T23:00:00.000Z", false],
    ["2025-07-09T00:00:00.000Z", "2025-07-09T00:00:00.000Z", true],
    ["2025-07-09T00:59:59.999Z", "2025-07-09T00:00:00.000Z", true],
    ["2025-12-31T23:59:59.999Z", "2025-12-31T23:00:00.000Z", true],
    ["2026-01-01T00:30:00.000Z", "2026-01-01T00:00:00.000Z", false],
  ])("a page rendered at %s is dated %s, and the banner's answer stays %s", (iso, hour, live) => {
    const date = startOfUtcHour(at(iso));
    expect(date).toBe(at(hour));
    expect(isBannerLive("rewards", date)).toBe(live);
    expect(isBannerLive("rewards", at(iso))).toBe(live);
  });
});
