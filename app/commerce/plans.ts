import {
  durationFromInfo,
  monthsOf,
  parseDurationText,
  sameLength,
  weeksOf,
  type Duration,
  type DurationError,
} from "./duration";
import { fail, ok, type Result } from "./result";
import { uiText, type UiText } from "./ui-text";
import {
  type PeriodKey,
  TRIAL_PERIODS,
  TRIAL_DAYS,
  PLAN_KINDS,
  type PlanKind,
  TIERS,
  type Tier,
  type Traffic,
  TRAFFIC_OPTIONS,
  KIND_PERIODS,
  VPN_DEVICE_SLOTS,
  TEAM_USERS,
  FAMILY_MEMBERS,
  tierName,
} from "./plan-catalogue";

/**
 * The plans of SPEC §1 and the typed `Plan` built from an upstream price plan (SPEC §3:
 * id, cost in cents, description, info {type, count}). The price list says only what a purchase
 * id costs and how long it lasts; what it *is* (family of 6, 5 VPN devices, a tier) comes from the
 * page's pricing block that names the id, passed in as `PlanTraits`. A combination SPEC §1 does
 * not sell is refused, like a bad duration: no price is better than a wrong one.
 */

export * from "./plan-catalogue";

export type BillingPeriod =
  | { kind: "weekly" }
  | { kind: "monthly" }
  | { kind: "everyMonths"; count: number }
  | { kind: "yearly" }
  | { kind: "everyYears"; count: number }
  | { kind: "oneOff" };

export interface Plan {
  id: number;
  /** What one purchase costs, in cents (hundredths of the currency unit). */
  costCents: number;
  description: string;
  kind: PlanKind;
  tier: Tier;
  duration: Duration;
  periodKey: PeriodKey;
  billing: BillingPeriod;
  trial: boolean;
  /** Free days before the first charge: 7 for trial plans, else 0. */
  trialDays: number;
  members: number | null;
  users: number | null;
  devices: number | null;
  traffic: Traffic | null;
}

/** The upstream price plan, as loosely as it may arrive. */
export interface PricePlanInput {
  id: unknown;
  cost: unknown;
  description?: unknown;
  info?: unknown;
}

/** What the page's pricing block says the purchase id is. Absent kind = personal. */
export interface PlanTraits {
  kind?: PlanKind;
  tier?: Tier;
  trial?: boolean;
  members?: number;
  users?: number;
  devices?: number;
  traffic?: Traffic;
}

export type PlanErrorCode =
  | "badId"
  | "badCost"
  | "duration"
  /** `info` and the description text both give a duration, and they differ. */
  | "durationMismatch"
  /** A duration that is not one of SPEC §1's periods, or not sold for this kind. */
  | "unsupportedPeriod"
  /** Members/users/devices/traffic/trial that SPEC §1 does not sell with this kind and period. */
  | "badTraits";

export interface PlanError {
  code: PlanErrorCode;
  /** The purchase id when it was readable. */
  id: number | null;
  detail: string;
  duration?: DurationError;
}

/** The SPEC §1 period key of a duration (12 months = 1 YEAR, 1 week = 7 DAYS), or null. */
export function periodKeyOf(duration: Duration): PeriodKey | null {
  if (duration.kind === "lifetime") return "LIFETIME";
  const months = monthsOf(duration);
  if (months !== null) {
    if (months === 12) return "1 YEAR";
    if (months === 36) return "3 YEARS";
    if (months === 1) return "1 MONTH";
    if (months === 2 || months === 3 || months === 6) return `${months} MONTHS` as PeriodKey;
    return null;
  }
  return weeksOf(duration) === 1 ? "7 DAYS" : null;
}

/** How often a plan of this duration is charged (SPEC §9's billing periods). */
export function billingPeriodOf(duration: Duration): BillingPeriod {
  if (duration.kind === "lifetime") return { kind: "oneOff" };
  const months = monthsOf(duration);
  if (months !== null) {
    if (months === 1) return { kind: "monthly" };
    if (months === 12) return { kind: "yearly" };
    if (months % 12 === 0) return { kind: "everyYears", count: months / 12 };
    return { kind: "everyMonths", count: months };
  }
  if (weeksOf(duration) === 1) return { kind: "weekly" };
  return { kind: "oneOff" };
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

function durationOf(price: PricePlanInput): Result<Duration, Omit<PlanError, "id">> {
  const info = price.info;
  const hasInfo =
    !!info && typeof info === "object" && (info as { type?: unknown }).type !== undefined;
  const fromText = parseDurationText(price.description);
  if (!hasInfo) {
    return fromText.ok
      ? fromText
      : fail({ code: "duration", detail: "no duration", duration: fromText.error });
  }
  const fromInfo = durationFromInfo(info);
  if (!fromInfo.ok) return fail({ code: "duration", detail: "bad info", duration: fromInfo.error });
  if (fromText.ok && !sameLength(fromText.value, fromInfo.value)) {
    return fail({ code: "durationMismatch", detail: "info and description disagree" });
  }
  return fromInfo;
}

function checkTraits(kind: PlanKind, key: PeriodKey, traits: PlanTraits): string | null {
  const { members, users, devices, traffic, trial } = traits;
  if (trial && (kind !== "personal" || !TRIAL_PERIODS.includes(key))) return "no trial variant";
  if (kind === "family") {
    if (!isPositiveInt(members) || members < FAMILY_MEMBERS.min || members > FAMILY_MEMBERS.max) {
      return "family members";
    }
  } else if (members !== undefined) return "members on a non-family plan";
  if (kind === "team") {
    if (!isPositiveInt(users) || !TEAM_USERS.includes(users)) return "team users";
  } else if (users !== undefined) return "users on a non-team plan";
  if (kind === "vpnDevices") {
    if (!isPositiveInt(devices) || !(VPN_DEVICE_SLOTS[key] ?? []).includes(devices)) {
      return "VPN device slots";
    }
  } else if (devices !== undefined) return "devices on a non-VPN plan";
  if (kind === "personalServer") {
    if (traffic === undefined || !TRAFFIC_OPTIONS.includes(traffic)) return "server traffic";
  } else if (traffic !== undefined) return "traffic on a non-server plan";
  return null;
}

/** A typed plan from an upstream price plan and what its pricing block says it is. */
export function planFromPrice(
  price: PricePlanInput,
  traits: PlanTraits = {},
): Result<Plan, PlanError> {
  const id = isPositiveInt(price.id) ? price.id : null;
  if (id === null) return fail({ code: "badId", id, detail: "id is not a positive integer" });
  const cost = price.cost;
  if (typeof cost !== "number" || !Number.isSafeInteger(cost) || cost < 0) {
    return fail({ code: "badCost", id, detail: "cost is not a whole number of cents" });
  }
  const duration = durationOf(price);
  if (!duration.ok) return fail({ ...duration.error, id });
  const kind = traits.kind ?? "personal";
  if (!PLAN_KINDS.includes(kind)) return fail({ code: "badTraits", id, detail: "unknown kind" });
  const tier = traits.tier ?? "standard";
  if (!TIERS.includes(tier)) return fail({ code: "badTraits", id, detail: "unknown tier" });
  const periodKey = periodKeyOf(duration.value);
  if (!periodKey || !KIND_PERIODS[kind].includes(periodKey)) {
    return fail({ code: "unsupportedPeriod", id, detail: `${kind} ${periodKey ?? "?"}` });
  }
  const problem = checkTraits(kind, periodKey, traits);
  if (problem) return fail({ code: "badTraits", id, detail: problem });
  const trial = traits.trial === true;
  return ok({
    id,
    costCents: cost,
    description: typeof price.description === "string" ? price.description : "",
    kind,
    tier,
    duration: duration.value,
    periodKey,
    billing: billingPeriodOf(duration.value),
    trial,
    trialDays: trial ? TRIAL_DAYS : 0,
    members: kind === "family" ? (traits.members ?? null) : null,
    users: kind === "team" ? (traits.users ?? null) : null,
    devices: kind === "vpnDevices" ? (traits.devices ?? null) : null,
    traffic: kind === "personalServer" ? (traits.traffic ?? null) : null,
  });
}

/** One line for the log when a plan is refused (the page then shows it without a price). */
export function planErrorText(error: PlanError): string {
  const reason = error.duration ? ` (${error.duration.code}: ${error.duration.input})` : "";
  return `price plan ${error.id ?? "?"} refused: ${error.code} — ${error.detail}${reason}`;
}

/** The plan's name as a UI text: "Family, 6 members", "5 extra VPN devices", … */
export function planName(plan: Plan): UiText {
  switch (plan.kind) {
    case "family":
      return uiText("commerce.plan.family", { count: plan.members ?? 0 });
    case "team":
      return uiText("commerce.plan.team", { count: plan.users ?? 0 });
    case "vpnDevices":
      return uiText("commerce.plan.vpnDevices", { count: plan.devices ?? 0 });
    case "personalServer":
      return plan.traffic === "unlimited" || plan.traffic === null
        ? uiText("commerce.plan.personalServerUnlimited")
        : uiText("commerce.plan.personalServer", { count: plan.traffic });
    case "staticIp":
      return uiText("commerce.plan.staticIp");
    default:
      return uiText(tierName(plan.tier));
  }
}
