import { describe, expect, it } from "vitest";
import { planFromPrice, type PlanKind, type PlanTraits, type Traffic } from "~/commerce/plans";
import { displayPrice } from "~/commerce/price";
import { DEMO_PLANS, type DemoPlan, type Product } from "../../../mocks/sales/catalogue";

const KIND: Record<Product, PlanKind> = {
  personal: "personal",
  family: "family",
  team: "team",
  "vpn-devices": "vpnDevices",
  "vpn-server": "personalServer",
  "static-ip": "staticIp",
};

/** What a pricing block would say about a plan the sandbox sells. */
function traitsOf(plan: DemoPlan): PlanTraits {
  return {
    kind: KIND[plan.product],
    tier: plan.tier,
    trial: plan.trialDays !== undefined,
    members: plan.members,
    users: plan.users,
    devices: plan.devices,
    traffic: plan.traffic as Traffic | undefined,
  };
}

describe("every plan the sandbox sells is priced by the site's rules", () => {
  it.each(DEMO_PLANS.map((plan) => [plan.id, plan] as const))("plan %i", (_id, plan) => {
    const parsed = planFromPrice(plan, traitsOf(plan));
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (!parsed.ok) return;
    // The catalogue's key names the product and the period ("FAMILY 1 YEAR", "1 MONTH TRIAL").
    expect(plan.key).toContain(parsed.value.periodKey);
    expect(parsed.value.costCents).toBe(plan.cost);
    expect(parsed.value.trialDays).toBe(plan.trialDays ?? 0);
  });

  // SPEC §9: cost/100, ÷12 for one-year plans, ÷count for month plans; totals for lifetime.
  it.each<[number, string, string]>([
    [101, "month", "4.99"],
    [102, "month", "2.99"],
    [103, "month", "2.49"],
    [104, "total", "149.00"],
    [105, "month", "4.49"],
    [106, "month", "3.99"],
    [107, "month", "3.49"],
    [108, "week", "1.99"],
    [202, "month", "4.99"],
    [303, "total", "1599.00"],
  ])("plan %i shows %s %s", (id, basis, text) => {
    const plan = DEMO_PLANS.find((p) => p.id === id)!;
    const parsed = planFromPrice(plan, traitsOf(plan));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(displayPrice(parsed.value)).toMatchObject({ basis, text });
  });
});
