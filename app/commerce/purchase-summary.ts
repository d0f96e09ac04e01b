import { durationLabel } from "./billing";
import type { Duration } from "./duration";
import {
  planFromPrice,
  planName,
  PLAN_KINDS,
  TIERS,
  TRAFFIC_OPTIONS,
  type BillingPeriod,
  type Plan,
  type PlanError,
  type PlanKind,
  type PlanTraits,
  type PricePlanInput,
} from "./plans";
import { fail, ok, type Result } from "./result";
import { uiText, type UiText } from "./ui-text";

/**
 * What a buyer pays for, said the same way on the checkout, the payment pages and the outcome
 * pages: the product, its variant (personal, family of n, team of n users, n VPN device slots, a
 * server's traffic, a static IP), the period, how it is billed and any free trial. Built from the
 * price plan the provider service sends for a purchase id, whose descriptive extras (`product`,
 * `members`, `users`, `devices`, `traffic`, `trialDays`) say what the id is.
 */

/** The price plan with the descriptive extras the provider service sends beside SPEC §3's fields. */
export interface PricePlanWithTraits extends PricePlanInput {
  product?: string;
  tier?: string;
  members?: number;
  users?: number;
  devices?: number;
  traffic?: "unlimited" | number;
  trialDays?: number;
}

/** The service's product names and the plan kinds they are. */
const PRODUCT_KINDS: Readonly<Record<string, PlanKind>> = {
  personal: "personal",
  family: "family",
  team: "team",
  "vpn-devices": "vpnDevices",
  "vpn-server": "personalServer",
  "static-ip": "staticIp",
};

/** Which product line a kind belongs to: the password manager, or the provider's VPN. */
export type ProductLine = "passwordManager" | "vpn";

export function productLineOf(kind: PlanKind): ProductLine {
  return kind === "vpnDevices" || kind === "personalServer" || kind === "staticIp"
    ? "vpn"
    : "passwordManager";
}

/**
 * The plan traits a price plan's own fields give (the same traits a pricing block names), or
 * null when its `product` (or a personal plan's `tier`) is one the site does not know — such a plan
 * is not sold.
 */
export function traitsOfPrice(price: PricePlanWithTraits): PlanTraits | null {
  const kind = price.product === undefined ? "personal" : PRODUCT_KINDS[price.product];
  if (!kind || !PLAN_KINDS.includes(kind)) return null;
  const traits: PlanTraits = { kind };
  if (kind === "family") traits.members = price.members;
  if (kind === "team") traits.users = price.users;
  if (kind === "vpnDevices") traits.devices = price.devices;
  if (kind === "personalServer") {
    traits.traffic = TRAFFIC_OPTIONS.find((option) => option === (price.traffic ?? "unlimited"));
  }
  if (kind === "personal" && price.tier !== undefined) {
    const tier = TIERS.find((known) => known === price.tier);
    if (!tier) return null;
    traits.tier = tier;
  }
  if (price.trialDays !== undefined) traits.trial = true;
  return traits;
}

/** The typed plan of a price plan by its own fields; refused when the plan rules refuse it. */
export function planOfPrice(price: PricePlanWithTraits): Result<Plan, PlanError> {
  const traits = traitsOfPrice(price);
  if (!traits) {
    const id = typeof price.id === "number" ? price.id : null;
    return fail({ code: "badTraits", id, detail: `unknown product ${String(price.product)}` });
  }
  const plan = planFromPrice(price, traits);
  if (!plan.ok) return plan;
  // The service's own trial length wins over the default (SPEC §9: 7 days).
  const days = price.trialDays;
  return ok(plan.value.trial && days ? { ...plan.value, trialDays: days } : plan.value);
}

/** Everything a page needs to say what is bought; plain data, rendered by `PurchaseLines`. */
export interface PurchaseSummary {
  line: ProductLine;
  /** "Personal", "Family, 6 members", "5 extra VPN devices", … */
  variant: UiText;
  /** "1 month", "3 years", "Lifetime", "1 week". */
  period: UiText;
  /** How long one purchase lasts: when it ends, it renews (or not: `billing`). */
  duration: Duration;
  billing: BillingPeriod;
  /** Free days before the first charge (0 without a trial). */
  trialDays: number;
  /** What one period costs, in cents. */
  costCents: number;
}

/**
 * The variant's name: standard personal plans say "Personal", the other tiers their own name
 * ("MonoDefense"), the other kinds what planName says.
 */
function variantName(plan: Plan): UiText {
  return plan.kind === "personal" && plan.tier === "standard"
    ? uiText("commerce.plan.personal")
    : planName(plan);
}

export function purchaseSummary(plan: Plan): PurchaseSummary {
  return {
    line: productLineOf(plan.kind),
    variant: variantName(plan),
    period: durationLabel(plan.duration),
    duration: plan.duration,
    billing: plan.billing,
    trialDays: plan.trial ? plan.trialDays : 0,
    costCents: plan.costCents,
  };
}

/** The summary of a price plan as the service sent it, or null when it cannot be sold. */
export function summaryOfPrice(price: PricePlanWithTraits): PurchaseSummary | null {
  const plan = planOfPrice(price);
  return plan.ok ? purchaseSummary(plan.value) : null;
}
