import { describe, expect, it } from "vitest";
import type { Duration } from "~/commerce/duration";
import { addMonths, periodEndDay, renewalOf, utcDay } from "~/commerce/renewal";
import type { BillingPeriod } from "~/commerce/plans";

const months = (count: number): Duration => ({ kind: "period", unit: "month", count });
const years = (count: number): Duration => ({ kind: "period", unit: "year", count });
const weeks = (count: number): Duration => ({ kind: "period", unit: "week", count });
const LIFETIME: Duration = { kind: "lifetime" };

describe("addMonths: the same day of the month, or the month's last day", () => {
  it.each([
    ["2026-12-01", 1, "2027-01-01"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-03-31", 1, "2026-04-30"],
    ["2026-08-31", 6, "2027-02-28"],
    ["2027-08-31", 6, "2028-02-29"],
    ["2026-10-31", 2, "2026-12-31"],
    ["2026-11-30", 3, "2027-02-28"],
    ["2026-12-31", 12, "2027-12-31"],
    ["2028-02-29", 12, "2029-02-28"],
    ["2028-02-29", 36, "2031-02-28"],
    ["2028-02-29", 48, "2032-02-29"],
    ["2027-02-28", 12, "2028-02-28"],
  ])("%s + %i months = %s", (day, count, expected) => {
    expect(addMonths(day, count)).toBe(expected);
  });
});

describe("periodEndDay: when a period bought on a day ends and renews", () => {
  it.each<[string, Duration, string | null]>([
    ["2026-12-01", months(1), "2027-01-01"],
    ["2026-12-01", years(1), "2027-12-01"],
    ["2026-12-01", years(3), "2029-12-01"],
    ["2026-12-01", months(2), "2027-02-01"],
    ["2026-12-31", months(2), "2027-02-28"],
    ["2026-12-31", months(3), "2027-03-31"],
    ["2026-12-31", months(6), "2027-06-30"],
    ["2026-12-29", weeks(1), "2027-01-05"],
    ["2028-02-26", weeks(1), "2028-03-04"],
    ["2027-02-26", weeks(1), "2027-03-05"],
    ["2028-02-28", { kind: "period", unit: "day", count: 1 }, "2028-02-29"],
    ["2028-02-29", years(1), "2029-02-28"],
    ["2026-12-01", LIFETIME, null],
  ])("bought %s for %j: %s", (day, duration, expected) => {
    expect(periodEndDay(day, duration)).toBe(expected);
  });
});

describe("renewalOf: renews, by hand, or never", () => {
  const yearly: { billing: BillingPeriod; duration: Duration } = {
    billing: { kind: "yearly" },
    duration: years(1),
  };
  const lifetime: { billing: BillingPeriod; duration: Duration } = {
    billing: { kind: "oneOff" },
    duration: LIFETIME,
  };

  it.each(["card", "paypal", "amazon", "applepay", "paynow"] as const)(
    "a yearly plan paid with %s renews on the day its year ends",
    (method) => {
      expect(renewalOf(yearly, "2026-12-01", method)).toEqual({
        kind: "renews",
        nextCharge: "2027-12-01",
      });
    },
  );

  it.each(["bitcoin", "coinpayments", "paymentwall"] as const)(
    "a yearly plan paid with %s is extended by hand before its year ends",
    (method) => {
      expect(renewalOf(yearly, "2026-12-01", method)).toEqual({
        kind: "manual",
        nextCharge: "2027-12-01",
      });
    },
  );

  it("a plan with no method chosen yet is stated as renewing (what card and PayPal do)", () => {
    expect(renewalOf(yearly, "2026-12-01")).toEqual({ kind: "renews", nextCharge: "2027-12-01" });
  });

  it.each([null, "card", "bitcoin"] as const)("a lifetime plan never renews (method %s)", (m) => {
    expect(renewalOf(lifetime, "2026-12-01", m)).toEqual({ kind: "never" });
  });

  it("a one-off add-on of a year never renews either", () => {
    expect(renewalOf({ billing: { kind: "oneOff" }, duration: years(1) }, "2026-12-01")).toEqual({
      kind: "never",
    });
  });

  it("reads the day in UTC", () => {
    expect(utcDay(new Date("2026-12-31T23:30:00-02:00"))).toBe("2027-01-01");
  });
});
