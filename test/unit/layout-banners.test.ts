import { describe, expect, it } from "vitest";
import { startOfUtcHour } from "~/clock.server";
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

  it("treats a one-day window as the whole of that day", () => {
    const day = { start: "2026-02-29", end: "2026-02-29" };
    expect(
      isWithinWindow(at("2026-03-01T00:00:00Z"), { start: "2026-03-01", end: "2026-03-01" }),
    ).toBe(true);
    expect(
      isWithinWindow(at("2026-03-02T00:00:00Z"), { start: "2026-03-01", end: "2026-03-01" }),
    ).toBe(false);
    expect(isWithinWindow(Number.NaN, day)).toBe(false);
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
