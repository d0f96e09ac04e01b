import { describe, expect, it } from "vitest";
import {
  billingPeriodOf,
  KIND_PERIODS,
  PERIOD_KEYS,
  periodKeyOf,
  planErrorText,
  planFromPrice,
  planName,
  TIER_BENEFITS,
  TIERS,
  type BillingPeriod,
  type PeriodKey,
  type Plan,
  type PlanErrorCode,
  type PlanTraits,
  type PricePlanInput,
} from "~/commerce/plans";
import type { Duration } from "~/commerce/duration";

const month = (count: number) => ({ type: "month", count });
const year = (count: number) => ({ type: "year", count });

function plan(price: Partial<PricePlanInput>, traits?: PlanTraits): Plan {
  const result = planFromPrice({ id: 1, cost: 999, ...price }, traits);
  if (!result.ok) throw new Error(planErrorText(result.error));
  return result.value;
}

function refusal(price: Partial<PricePlanInput>, traits?: PlanTraits): PlanErrorCode | "accepted" {
  const result = planFromPrice({ id: 1, cost: 999, ...price }, traits);
  return result.ok ? "accepted" : result.error.code;
}

describe("period keys (SPEC §1)", () => {
  it.each<[Duration, PeriodKey | null]>([
    [{ kind: "period", unit: "month", count: 1 }, "1 MONTH"],
    [{ kind: "period", unit: "month", count: 2 }, "2 MONTHS"],
    [{ kind: "period", unit: "month", count: 3 }, "3 MONTHS"],
    [{ kind: "period", unit: "month", count: 6 }, "6 MONTHS"],
    [{ kind: "period", unit: "month", count: 12 }, "1 YEAR"],
    [{ kind: "period", unit: "year", count: 1 }, "1 YEAR"],
    [{ kind: "period", unit: "year", count: 3 }, "3 YEARS"],
    [{ kind: "period", unit: "month", count: 36 }, "3 YEARS"],
    [{ kind: "period", unit: "day", count: 7 }, "7 DAYS"],
    [{ kind: "period", unit: "week", count: 1 }, "7 DAYS"],
    [{ kind: "lifetime" }, "LIFETIME"],
    [{ kind: "period", unit: "month", count: 4 }, null],
    [{ kind: "period", unit: "year", count: 2 }, null],
    [{ kind: "period", unit: "day", count: 14 }, null],
    [{ kind: "period", unit: "day", count: 30 }, null],
  ])("%j is %s", (duration, key) => {
    expect(periodKeyOf(duration)).toBe(key);
  });

  it.each<[Duration, BillingPeriod]>([
    [{ kind: "period", unit: "month", count: 1 }, { kind: "monthly" }],
    [
      { kind: "period", unit: "month", count: 2 },
      { kind: "everyMonths", count: 2 },
    ],
    [
      { kind: "period", unit: "month", count: 3 },
      { kind: "everyMonths", count: 3 },
    ],
    [
      { kind: "period", unit: "month", count: 6 },
      { kind: "everyMonths", count: 6 },
    ],
    [{ kind: "period", unit: "year", count: 1 }, { kind: "yearly" }],
    [{ kind: "period", unit: "month", count: 12 }, { kind: "yearly" }],
    [
      { kind: "period", unit: "year", count: 3 },
      { kind: "everyYears", count: 3 },
    ],
    [{ kind: "period", unit: "day", count: 7 }, { kind: "weekly" }],
    [{ kind: "lifetime" }, { kind: "oneOff" }],
  ])("%j is billed %j", (duration, billing) => {
    expect(billingPeriodOf(duration)).toEqual(billing);
  });
});

describe("a plan from an upstream price plan", () => {
  it("reads the personal plans of every period key, from info or from the description", () => {
    const infos: Record<PeriodKey, object> = {
      "1 MONTH": month(1),
      "1 YEAR": year(1),
      "3 YEARS": year(3),
      LIFETIME: { type: "lifetime" },
      "2 MONTHS": month(2),
      "3 MONTHS": month(3),
      "6 MONTHS": month(6),
      "7 DAYS": { type: "day", count: 7 },
    };
    const texts: Record<PeriodKey, string> = {
      "1 MONTH": "1 month",
      "1 YEAR": "1 year",
      "3 YEARS": "3 years",
      LIFETIME: "100 years",
      "2 MONTHS": "2 months",
      "3 MONTHS": "3 months",
      "6 MONTHS": "6 months",
      "7 DAYS": "7 days",
    };
    for (const key of PERIOD_KEYS) {
      expect(plan({ info: infos[key] }).periodKey, key).toBe(key);
      expect(plan({ description: texts[key] }).periodKey, key).toBe(key);
      expect(plan({ description: texts[key], info: infos[key] }).periodKey, key).toBe(key);
    }
  });

  it("builds the whole model", () => {
    expect(
      plan(
        { id: 42, cost: 4799, description: "Family plan", info: year(1) },
        {
          kind: "family",
          members: 6,
        },
      ),
    ).toEqual({
      id: 42,
      costCents: 4799,
      description: "Family plan",
      kind: "family",
      tier: "standard",
      duration: { kind: "period", unit: "year", count: 1 },
      periodKey: "1 YEAR",
      billing: { kind: "yearly" },
      trial: false,
      trialDays: 0,
      members: 6,
      users: null,
      devices: null,
      traffic: null,
    });
  });

  it("treats the upstream's default empty info as absent", () => {
    expect(plan({ description: "1 year", info: {} }).periodKey).toBe("1 YEAR");
  });

  it.each<[string, PlanTraits, PeriodKey]>([
    ["trial of 1 month", { trial: true }, "1 MONTH"],
    ["trial of 1 year", { trial: true }, "1 YEAR"],
  ])("has a 7-day %s", (_name, traits, key) => {
    const info = key === "1 MONTH" ? month(1) : year(1);
    expect(plan({ info }, traits)).toMatchObject({ periodKey: key, trial: true, trialDays: 7 });
  });

  const sold: [string, object, PlanTraits][] = [
    ["family 1 month", month(1), { kind: "family", members: 6 }],
    ["family 1 year", year(1), { kind: "family", members: 5 }],
    ["family lifetime", { type: "lifetime" }, { kind: "family", members: 6 }],
    ["team lifetime, 5 users", { type: "lifetime" }, { kind: "team", users: 5 }],
    ["team lifetime, 10 users", { type: "lifetime" }, { kind: "team", users: 10 }],
    ["team lifetime, 20 users", { type: "lifetime" }, { kind: "team", users: 20 }],
    ["1 VPN device, 1 month", month(1), { kind: "vpnDevices", devices: 1 }],
    ["5 VPN devices, 1 month", month(1), { kind: "vpnDevices", devices: 5 }],
    ["10 VPN devices, 1 month", month(1), { kind: "vpnDevices", devices: 10 }],
    ["1 VPN device, 1 year", year(1), { kind: "vpnDevices", devices: 1 }],
    ["5 VPN devices, 1 year", year(1), { kind: "vpnDevices", devices: 5 }],
    ["10 VPN devices, 1 year", year(1), { kind: "vpnDevices", devices: 10 }],
    ["5 VPN devices, lifetime", { type: "lifetime" }, { kind: "vpnDevices", devices: 5 }],
    ["unlimited server, 1 month", month(1), { kind: "personalServer", traffic: "unlimited" }],
    ["1 TB server, 1 month", month(1), { kind: "personalServer", traffic: 1 }],
    ["2 TB server, 1 year", year(1), { kind: "personalServer", traffic: 2 }],
    ["3 TB server, 1 year", year(1), { kind: "personalServer", traffic: 3 }],
    ["static IP, 1 month", month(1), { kind: "staticIp" }],
    ["static IP, 1 year", year(1), { kind: "staticIp" }],
    ["MonoDefense 1 year", year(1), { tier: "monodefense" }],
    ["Secure Duo 1 month", month(1), { tier: "secureDuo" }],
  ];
  it.each(sold)("sells %s", (_name, info, traits) => {
    const built = plan({ info }, traits);
    expect(built.kind).toBe(traits.kind ?? "personal");
    expect(KIND_PERIODS[built.kind]).toContain(built.periodKey);
  });

  it.each<[string, Partial<PricePlanInput>, PlanTraits, PlanErrorCode]>([
    ["an id of 0", { id: 0, info: month(1) }, {}, "badId"],
    ["a text id", { id: "7", info: month(1) }, {}, "badId"],
    ["a fractional cost", { cost: 9.99, info: month(1) }, {}, "badCost"],
    ["a negative cost", { cost: -1, info: month(1) }, {}, "badCost"],
    ["a text cost", { cost: "999", info: month(1) }, {}, "badCost"],
    ["an unsafe cost", { cost: 2 ** 53, info: month(1) }, {}, "badCost"],
    ["no duration at all", { description: "Premium" }, {}, "duration"],
    ["a bad info", { info: { type: "fortnight", count: 1 } }, {}, "duration"],
    ["a bad duration text", { description: "1 month free" }, {}, "duration"],
    [
      "info and text that disagree",
      { description: "1 year", info: month(1) },
      {},
      "durationMismatch",
    ],
    ["4 months", { info: month(4) }, {}, "unsupportedPeriod"],
    ["2 years", { info: year(2) }, {}, "unsupportedPeriod"],
    ["14 days", { info: { type: "day", count: 14 } }, {}, "unsupportedPeriod"],
    [
      "family for 3 months",
      { info: month(3) },
      { kind: "family", members: 6 },
      "unsupportedPeriod",
    ],
    ["team for 1 year", { info: year(1) }, { kind: "team", users: 5 }, "unsupportedPeriod"],
    [
      "server for lifetime",
      { info: { type: "lifetime" } },
      { kind: "personalServer", traffic: 1 },
      "unsupportedPeriod",
    ],
    ["static IP for 3 years", { info: year(3) }, { kind: "staticIp" }, "unsupportedPeriod"],
    ["a family without members", { info: year(1) }, { kind: "family" }, "badTraits"],
    ["a family of 1", { info: year(1) }, { kind: "family", members: 1 }, "badTraits"],
    ["a family of 2.5", { info: year(1) }, { kind: "family", members: 2.5 }, "badTraits"],
    ["a family of 101", { info: year(1) }, { kind: "family", members: 101 }, "badTraits"],
    ["a team of 7", { info: { type: "lifetime" } }, { kind: "team", users: 7 }, "badTraits"],
    ["2 VPN devices", { info: month(1) }, { kind: "vpnDevices", devices: 2 }, "badTraits"],
    [
      "10 lifetime VPN devices",
      { info: { type: "lifetime" } },
      { kind: "vpnDevices", devices: 10 },
      "badTraits",
    ],
    [
      "4 TB of traffic",
      { info: month(1) },
      { kind: "personalServer", traffic: 4 as 3 },
      "badTraits",
    ],
    ["a server without traffic", { info: month(1) }, { kind: "personalServer" }, "badTraits"],
    ["members on a personal plan", { info: month(1) }, { members: 6 }, "badTraits"],
    ["a trial of 3 months", { info: month(3) }, { trial: true }, "badTraits"],
    ["a lifetime trial", { info: { type: "lifetime" } }, { trial: true }, "badTraits"],
    [
      "a family trial",
      { info: month(1) },
      { kind: "family", members: 6, trial: true },
      "badTraits",
    ],
    ["an unknown kind", { info: month(1) }, { kind: "gift" as "family" }, "badTraits"],
    ["an unknown tier", { info: month(1) }, { tier: "gold" as "standard" }, "badTraits"],
  ])("refuses %s", (_name, price, traits, code) => {
    expect(refusal(price, traits)).toBe(code);
  });

  it("writes one log line for a refusal", () => {
    const result = planFromPrice({ id: 9, cost: 100, description: "forever" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(planErrorText(result.error)).toBe(
        "price plan 9 refused: duration — no duration (malformed: forever)",
      );
    }
  });
});

describe("plan names and tiers", () => {
  it.each<[PlanTraits, object, { key: string; values?: object }]>([
    [{}, month(1), { key: "commerce.tiers.standard.name" }],
    [{ tier: "secureDuo" }, month(1), { key: "commerce.tiers.secureDuo.name" }],
    [
      { kind: "family", members: 6 },
      year(1),
      { key: "commerce.plan.family", values: { count: 6 } },
    ],
    [
      { kind: "team", users: 20 },
      { type: "lifetime" },
      { key: "commerce.plan.team", values: { count: 20 } },
    ],
    [
      { kind: "vpnDevices", devices: 5 },
      year(1),
      { key: "commerce.plan.vpnDevices", values: { count: 5 } },
    ],
    [
      { kind: "personalServer", traffic: 2 },
      year(1),
      { key: "commerce.plan.personalServer", values: { count: 2 } },
    ],
    [
      { kind: "personalServer", traffic: "unlimited" },
      year(1),
      { key: "commerce.plan.personalServerUnlimited" },
    ],
    [{ kind: "staticIp" }, year(1), { key: "commerce.plan.staticIp" }],
  ])("%j is named %j", (traits, info, name) => {
    expect(planName(plan({ info }, traits))).toEqual(name);
  });

  it.each(TIERS)("%s has a benefit list", (tier) => {
    expect(TIER_BENEFITS[tier].length).toBeGreaterThanOrEqual(3);
    for (const key of TIER_BENEFITS[tier]) expect(key).toMatch(`commerce.tiers.${tier}.benefits.`);
  });
});
