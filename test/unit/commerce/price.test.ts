import { describe, expect, it } from "vitest";
import type { Duration } from "~/commerce/duration";
import { planFromPrice, type Plan, type PlanTraits } from "~/commerce/plans";
import {
  displayPrice,
  divideCents,
  formatMoney,
  moneyParts,
  savingsPercent,
  splitCents,
  type PriceBasis,
} from "~/commerce/price";

const months = (count: number): Duration => ({ kind: "period", unit: "month", count });
const years = (count: number): Duration => ({ kind: "period", unit: "year", count });
const days = (count: number): Duration => ({ kind: "period", unit: "day", count });
const LIFETIME: Duration = { kind: "lifetime" };

function plan(cost: number, info: object, traits?: PlanTraits): Plan {
  const result = planFromPrice({ id: 1, cost, info }, traits);
  if (!result.ok) throw new Error(result.error.detail);
  return result.value;
}

/** NBSP and narrow NBSP as plain spaces, so the expectations stay readable. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("dividing cents (nearest cent, a half up, exact)", () => {
  it.each([
    [1199, 12, 100], // 99.92
    [11999, 12, 1000], // 999.92
    [999, 3, 333],
    [1000, 3, 333], // 333.33
    [1001, 3, 334], // 333.67
    [1, 12, 0], // 0.08
    [6, 12, 1], // exactly half: up
    [5, 12, 0], // 0.42
    [18, 12, 2], // 1.5 → 2
    [0, 12, 0],
    [0, 1, 0],
    [999, 1, 999],
    [5999, 36, 167], // 166.64
    [2999, 2, 1500], // 1499.5 → 1500
    [2999, 6, 500], // 499.83
    [9_007_199_254_740_991, 12, 750_599_937_895_083], // .58 → up, no float error
    [9_007_199_254_740_991, 1, 9_007_199_254_740_991],
    [9_007_199_254_740_987, 12, 750_599_937_895_082], // .25
    [9_007_199_254_740_979, 36, 250_199_979_298_361], // .53 → up
  ])("%i ÷ %i = %i", (total, parts, expected) => {
    expect(divideCents(total, parts)).toBe(expected);
  });
});

describe("splitting into dollars and cents (2 decimals)", () => {
  it.each([
    [0, 0, "00", "0.00"],
    [1, 0, "01", "0.01"],
    [10, 0, "10", "0.10"],
    [99, 0, "99", "0.99"],
    [100, 1, "00", "1.00"],
    [999, 9, "99", "9.99"],
    [1005, 10, "05", "10.05"],
    [123_456_789, 1_234_567, "89", "1234567.89"],
    [9_007_199_254_740_991, 90_071_992_547_409, "91", "90071992547409.91"],
  ])("%i cents → %i and %s", (amount, dollars, cents, text) => {
    expect(splitCents(amount)).toEqual({ dollars, cents, text });
  });
});

describe("the price a pricing card shows (SPEC §9)", () => {
  it.each<[string, number, Duration, PriceBasis, string]>([
    ["1 month: the cost", 1199, months(1), "month", "11.99"],
    ["2 months: ÷ 2", 2099, months(2), "month", "10.50"], // 1049.5 → 1050
    ["3 months: ÷ 3", 2999, months(3), "month", "10.00"], // 999.67
    ["6 months: ÷ 6", 4999, months(6), "month", "8.33"], // 833.17
    ["1 year: ÷ 12", 1199, years(1), "month", "1.00"], // 99.92
    ["1 year: ÷ 12", 4799, years(1), "month", "4.00"], // 399.92
    ["1 year: ÷ 12", 3588, years(1), "month", "2.99"],
    ["12 months: as a year", 3588, months(12), "month", "2.99"],
    ["3 years: ÷ 36", 9999, years(3), "month", "2.78"], // 277.75 → 278
    ["7 days: per week", 299, days(7), "week", "2.99"],
    ["lifetime: the total", 19999, LIFETIME, "total", "199.99"],
    ["free month", 0, months(1), "month", "0.00"],
    ["a cent a year", 1, years(1), "month", "0.00"],
  ])("%s (%i cents for %j)", (_name, cost, duration, basis, text) => {
    const price = displayPrice({ costCents: cost, duration });
    expect(price).toMatchObject({ basis, totalCents: cost, text });
    expect(price.amountCents).toBe(price.dollars * 100 + Number(price.cents));
  });

  it("gives the per-month price only for month and year plans", () => {
    const shown = (costCents: number, duration: Duration) => {
      const { basis, amountCents } = displayPrice({ costCents, duration });
      return { basis, amountCents };
    };
    expect(shown(3588, years(1))).toEqual({ basis: "month", amountCents: 299 });
    expect(shown(2999, months(3))).toEqual({ basis: "month", amountCents: 1000 });
    expect(shown(299, days(7))).toEqual({ basis: "week", amountCents: 299 });
    expect(shown(19999, LIFETIME)).toEqual({ basis: "total", amountCents: 19999 });
  });

  it.each<[string, number, object, PlanTraits, PriceBasis, string]>([
    [
      "family 1 month",
      499,
      { type: "month", count: 1 },
      { kind: "family", members: 6 },
      "month",
      "4.99",
    ],
    [
      "family 1 year",
      5999,
      { type: "year", count: 1 },
      { kind: "family", members: 6 },
      "month",
      "5.00",
    ],
    [
      "family lifetime",
      29999,
      { type: "lifetime" },
      { kind: "family", members: 6 },
      "total",
      "299.99",
    ],
    [
      "team of 10, lifetime",
      99900,
      { type: "lifetime" },
      { kind: "team", users: 10 },
      "total",
      "999.00",
    ],
    [
      "5 VPN devices, 1 year",
      2399,
      { type: "year", count: 1 },
      { kind: "vpnDevices", devices: 5 },
      "month",
      "2.00",
    ],
    [
      "5 VPN devices, lifetime",
      4999,
      { type: "lifetime" },
      { kind: "vpnDevices", devices: 5 },
      "total",
      "49.99",
    ],
    [
      "1 TB server, 1 month",
      2999,
      { type: "month", count: 1 },
      { kind: "personalServer", traffic: 1 },
      "month",
      "29.99",
    ],
    ["static IP, 1 year", 5988, { type: "year", count: 1 }, { kind: "staticIp" }, "month", "4.99"],
    ["trial of 1 year", 3588, { type: "year", count: 1 }, { trial: true }, "month", "2.99"],
  ])("%s", (_name, cost, info, traits, basis, text) => {
    expect(displayPrice(plan(cost, info, traits))).toMatchObject({ basis, text });
  });
});

describe("savings against the monthly plan (rounded down)", () => {
  const monthly = plan(1199, { type: "month", count: 1 });
  it.each<[string, Plan, number | null]>([
    ["1 year at 35.88", plan(3588, { type: "year", count: 1 }), 75], // 75.06…
    ["1 year at 71.94", plan(7194, { type: "year", count: 1 }), 50], // 50.0…
    ["3 months at 29.99", plan(2999, { type: "month", count: 3 }), 16], // 16.62
    ["3 years at 79.99", plan(7999, { type: "year", count: 3 }), 81], // 81.46
    ["6 months at exactly half", plan(3597, { type: "month", count: 6 }), 50],
    ["the monthly plan itself", monthly, null],
    ["a dearer year", plan(15000, { type: "year", count: 1 }), null],
    ["a year at the monthly rate", plan(14388, { type: "year", count: 1 }), null],
    ["a saving under 1 %", plan(14300, { type: "year", count: 1 }), null], // 0.61
    ["lifetime (paid once)", plan(19999, { type: "lifetime" }), null],
    ["the weekly plan", plan(299, { type: "day", count: 7 }), null],
    [
      "a family plan (another product)",
      plan(3588, { type: "year", count: 1 }, { kind: "family", members: 6 }),
      null,
    ],
    ["another tier", plan(3588, { type: "year", count: 1 }, { tier: "monodefense" }), null],
  ])("%s: %s %", (_name, offer, percent) => {
    expect(savingsPercent(offer, monthly)).toBe(percent);
  });

  it("needs a 1-month reference that costs something", () => {
    const year = plan(3588, { type: "year", count: 1 });
    expect(savingsPercent(year, plan(2999, { type: "month", count: 3 }))).toBeNull();
    expect(savingsPercent(year, plan(0, { type: "month", count: 1 }))).toBeNull();
  });

  it("compares family plans of the same size", () => {
    const family = (cost: number, info: object, members: number) =>
      plan(cost, info, { kind: "family", members });
    const reference = family(499, { type: "month", count: 1 }, 6);
    expect(savingsPercent(family(2999, { type: "year", count: 1 }, 6), reference)).toBe(49);
    expect(savingsPercent(family(2999, { type: "year", count: 1 }, 5), reference)).toBeNull();
  });

  it("stays exact for very large prices", () => {
    const big = plan(9_007_199_254_740_990, { type: "month", count: 1 });
    expect(savingsPercent(plan(9_007_199_254_740_990, { type: "year", count: 1 }), big)).toBe(91);
  });
});

describe("prices for visitors (Intl)", () => {
  it.each([
    [999, "en", "USD", "$9.99"],
    [999, "de", "USD", "9,99 $"],
    [123_456_789, "en", "USD", "$1,234,567.89"],
    [123_456_789, "de", "EUR", "1.234.567,89 €"],
    [123_456_789, "ru", "USD", "1 234 567,89 $"],
    [1999, "ja", "USD", "$19.99"],
    [1999, "zh", "USD", "US$19.99"],
    [1999, "fr", "EUR", "19,99 €"],
    [0, "en", "USD", "$0.00"],
    [123_456, "en", "JPY", "¥1,235"],
    [9_007_199_254_740_991, "en", "USD", "$90,071,992,547,409.91"],
  ])("%i cents in %s, %s: %s", (cents, locale, currency, text) => {
    expect(plain(formatMoney(cents, locale, currency))).toBe(text);
  });

  it("defaults to US dollars", () => {
    expect(formatMoney(1050, "en")).toBe("$10.50");
  });

  it("writes the currency code rather than guessing a symbol it cannot format", () => {
    expect(formatMoney(999, "en", "usd")).toBe("usd 9.99");
    expect(formatMoney(999, "en", "DOLLARS")).toBe("DOLLARS 9.99");
    expect(formatMoney(999, "not a locale!", "USD")).toBe("USD 9.99");
  });

  it.each([
    [999, "en", "USD", { main: "$9", fraction: ".99", suffix: "" }],
    [123_456, "en", "USD", { main: "$1,234", fraction: ".56", suffix: "" }],
    [999, "de", "USD", { main: "9", fraction: ",99", suffix: " $" }],
    [123_456, "en", "JPY", { main: "¥1,235", fraction: "", suffix: "" }],
    [999, "en", "bad", { main: "bad 9", fraction: ".99", suffix: "" }],
  ])("splits %i cents in %s, %s for styling", (cents, locale, currency, parts) => {
    const result = moneyParts(cents, locale, currency);
    expect({ ...result, suffix: plain(result.suffix) }).toEqual(parts);
  });
});
