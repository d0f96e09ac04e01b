import { describe, expect, it } from "vitest";
import { DEMO_PLANS, planById } from "../../../mocks/sales/catalogue";
import {
  planOfPrice,
  productLineOf,
  summaryOfPrice,
  traitsOfPrice,
  type PricePlanWithTraits,
} from "~/commerce/purchase-summary";
import { firstChargeDay } from "~/commerce/renewal";

/** The summary in words a test can read: "variant | period | billing | trial days". */
function described(id: number): string {
  const plan = planById(id);
  if (!plan) throw new Error(`no plan ${id}`);
  const summary = summaryOfPrice(plan);
  if (!summary) return "refused";
  const values = (text: { values?: Record<string, string | number> }) =>
    text.values ? `(${Object.values(text.values).join(",")})` : "";
  const billing =
    "count" in summary.billing
      ? `${summary.billing.kind}×${summary.billing.count}`
      : summary.billing.kind;
  return [
    summary.line,
    `${summary.variant.key.replace("commerce.plan.", "")}${values(summary.variant)}`,
    `${summary.period.key.replace("commerce.duration.", "")}${values(summary.period)}`,
    billing,
    summary.trialDays,
  ].join(" | ");
}

describe("purchaseSummary: what each plan of the catalogue is sold as", () => {
  it.each([
    [101, "passwordManager | personal | month(1) | monthly | 0"],
    [102, "passwordManager | personal | year(1) | yearly | 0"],
    [103, "passwordManager | personal | year(3) | everyYears×3 | 0"],
    [104, "passwordManager | personal | lifetime | oneOff | 0"],
    [105, "passwordManager | personal | month(2) | everyMonths×2 | 0"],
    [106, "passwordManager | personal | month(3) | everyMonths×3 | 0"],
    [107, "passwordManager | personal | month(6) | everyMonths×6 | 0"],
    [108, "passwordManager | personal | week(1) | weekly | 0"],
    [109, "passwordManager | personal | month(1) | monthly | 7"],
    [110, "passwordManager | personal | year(1) | yearly | 7"],
    [111, "passwordManager | commerce.tiers.secureDuo.name | month(1) | monthly | 0"],
    [112, "passwordManager | commerce.tiers.secureDuo.name | year(1) | yearly | 0"],
    [113, "passwordManager | commerce.tiers.secureDuo.name | lifetime | oneOff | 0"],
    [114, "passwordManager | commerce.tiers.monodefense.name | month(1) | monthly | 0"],
    [115, "passwordManager | commerce.tiers.monodefense.name | year(1) | yearly | 0"],
    [116, "passwordManager | commerce.tiers.monodefense.name | lifetime | oneOff | 0"],
    [201, "passwordManager | family(6) | month(1) | monthly | 0"],
    [202, "passwordManager | family(6) | year(1) | yearly | 0"],
    [203, "passwordManager | family(6) | lifetime | oneOff | 0"],
    [301, "passwordManager | team(5) | lifetime | oneOff | 0"],
    [302, "passwordManager | team(10) | lifetime | oneOff | 0"],
    [303, "passwordManager | team(20) | lifetime | oneOff | 0"],
    [401, "vpn | vpnDevices(1) | month(1) | monthly | 0"],
    [402, "vpn | vpnDevices(5) | month(1) | monthly | 0"],
    [403, "vpn | vpnDevices(10) | month(1) | monthly | 0"],
    [404, "vpn | vpnDevices(1) | year(1) | yearly | 0"],
    [405, "vpn | vpnDevices(5) | year(1) | yearly | 0"],
    [406, "vpn | vpnDevices(10) | year(1) | yearly | 0"],
    [407, "vpn | vpnDevices(5) | lifetime | oneOff | 0"],
    [501, "vpn | personalServerUnlimited | month(1) | monthly | 0"],
    [502, "vpn | personalServer(1) | month(1) | monthly | 0"],
    [503, "vpn | personalServer(2) | month(1) | monthly | 0"],
    [504, "vpn | personalServer(3) | month(1) | monthly | 0"],
    [505, "vpn | personalServerUnlimited | year(1) | yearly | 0"],
    [506, "vpn | personalServer(1) | year(1) | yearly | 0"],
    [507, "vpn | personalServer(2) | year(1) | yearly | 0"],
    [508, "vpn | personalServer(3) | year(1) | yearly | 0"],
    [601, "vpn | staticIp | month(1) | monthly | 0"],
    [602, "vpn | staticIp | year(1) | yearly | 0"],
  ])("plan %i: %s", (id, expected) => {
    expect(described(id)).toBe(expected);
  });

  it("covers every plan the sandbox sells: 39, none refused, no two alike", () => {
    expect(DEMO_PLANS).toHaveLength(39);
    const all = DEMO_PLANS.map((plan) => described(plan.id));
    expect(all).not.toContain("refused");
    expect(new Set(all).size).toBe(39);
  });

  it("tells the lifetime plans apart: personal, family of 6, teams of 5, 10 and 20", () => {
    const names = [104, 203, 301, 302, 303].map(described);
    expect(new Set(names).size).toBe(5);
  });
});

describe("traitsOfPrice", () => {
  const base: PricePlanWithTraits = {
    id: 1,
    cost: 100,
    description: "1 month",
    info: { type: "month", count: 1 },
  };
  it.each<[string, Partial<PricePlanWithTraits>, unknown]>([
    ["no product: personal", {}, { kind: "personal" }],
    ["family with its members", { product: "family", members: 4 }, { kind: "family", members: 4 }],
    ["team with its users", { product: "team", users: 10 }, { kind: "team", users: 10 }],
    ["device slots", { product: "vpn-devices", devices: 5 }, { kind: "vpnDevices", devices: 5 }],
    [
      "server without traffic: unlimited",
      { product: "vpn-server" },
      { kind: "personalServer", traffic: "unlimited" },
    ],
    [
      "server of 2 TB",
      { product: "vpn-server", traffic: 2 },
      { kind: "personalServer", traffic: 2 },
    ],
    [
      "server of 7 TB: no such tier",
      { product: "vpn-server", traffic: 7 },
      { kind: "personalServer", traffic: undefined },
    ],
    ["static IP", { product: "static-ip" }, { kind: "staticIp" }],
    ["a trial", { trialDays: 7 }, { kind: "personal", trial: true }],
    ["members on a personal plan are not its traits", { members: 3 }, { kind: "personal" }],
    ["an unknown product", { product: "toaster" }, null],
    ["a personal plan's tier", { tier: "monodefense" }, { kind: "personal", tier: "monodefense" }],
    ["an unknown tier: not sold", { tier: "platinum" }, null],
    [
      "a tier on a family plan is not its trait",
      { product: "family", members: 6, tier: "secureDuo" },
      { kind: "family", members: 6 },
    ],
  ])("%s", (_, extra, expected) => {
    expect(traitsOfPrice({ ...base, ...extra })).toEqual(expected);
  });

  it("refuses what the plan rules refuse, with the reason", () => {
    const family = planOfPrice({ ...base, product: "family" });
    expect(family.ok).toBe(false);
    if (!family.ok) expect(family.error.code).toBe("badTraits");
    const toaster = planOfPrice({ ...base, product: "toaster" });
    expect(toaster.ok ? null : toaster.error.detail).toBe("unknown product toaster");
    const trialWeek = planOfPrice({
      ...base,
      description: "7 days",
      info: { type: "week", count: 1 },
      trialDays: 7,
    });
    expect(trialWeek.ok).toBe(false);
  });

  it("keeps the service's own trial length", () => {
    const plan = planOfPrice({ ...base, trialDays: 14 });
    expect(plan.ok && plan.value.trialDays).toBe(14);
  });
});

describe("productLineOf and firstChargeDay", () => {
  it("puts the add-ons with the VPN and the plans with the password manager", () => {
    expect(["personal", "family", "team"].map((k) => productLineOf(k as never))).toEqual([
      "passwordManager",
      "passwordManager",
      "passwordManager",
    ]);
    expect(
      ["vpnDevices", "personalServer", "staticIp"].map((k) => productLineOf(k as never)),
    ).toEqual(["vpn", "vpn", "vpn"]);
  });

  it("charges first the day the trial ends, across a month and a year", () => {
    expect(firstChargeDay(new Date("2026-11-27T10:00:00Z"), 7)).toBe("2026-12-04");
    expect(firstChargeDay(new Date("2026-12-28T23:59:00Z"), 7)).toBe("2027-01-04");
    expect(firstChargeDay(new Date("2026-11-27T10:00:00Z"), 0)).toBe("2026-11-27");
  });
});
