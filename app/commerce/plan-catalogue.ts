/**
 * What SPEC §1 sells: the period keys, plan kinds and tiers, which periods each kind is sold for,
 * the add-ons' sizes and each tier's benefits (UI-string keys). plans.ts builds typed plans from
 * these and re-exports them.
 */

/** SPEC §1 period keys. The 7-day plan is billed weekly. */
export const PERIOD_KEYS = [
  "1 MONTH",
  "1 YEAR",
  "3 YEARS",
  "LIFETIME",
  "2 MONTHS",
  "3 MONTHS",
  "6 MONTHS",
  "7 DAYS",
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

/** Trial variants exist for these periods only, with a 7-day free trial (SPEC §1, §9). */
export const TRIAL_PERIODS: readonly PeriodKey[] = ["1 MONTH", "1 YEAR"];
export const TRIAL_DAYS = 7;

export const PLAN_KINDS = [
  "personal",
  "family",
  "team",
  "vpnDevices",
  "personalServer",
  "staticIp",
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const TIERS = ["standard", "monodefense", "secureDuo"] as const;
export type Tier = (typeof TIERS)[number];

/** Personal-server traffic: unlimited, or terabytes a month. */
export type Traffic = "unlimited" | 1 | 2 | 3;
export const TRAFFIC_OPTIONS: readonly Traffic[] = ["unlimited", 1, 2, 3];

/** Which periods each kind is sold for (SPEC §1). */
export const KIND_PERIODS: Readonly<Record<PlanKind, readonly PeriodKey[]>> = {
  personal: PERIOD_KEYS,
  family: ["1 MONTH", "1 YEAR", "LIFETIME"],
  team: ["LIFETIME"],
  vpnDevices: ["1 MONTH", "1 YEAR", "LIFETIME"],
  personalServer: ["1 MONTH", "1 YEAR"],
  staticIp: ["1 MONTH", "1 YEAR"],
};

/** Extra VPN device slots: 1, 5 or 10 for a month or a year; 5 for lifetime. */
export const VPN_DEVICE_SLOTS: Readonly<Partial<Record<PeriodKey, readonly number[]>>> = {
  "1 MONTH": [1, 5, 10],
  "1 YEAR": [1, 5, 10],
  LIFETIME: [5],
};
export const TEAM_USERS: readonly number[] = [5, 10, 20];
/** SPEC says only "{n} members"; a family is at least two people, and 100 bounds bad data. */
export const FAMILY_MEMBERS = { min: 2, max: 100 } as const;

/** The benefit list of each product tier, as UI-string keys. */
export const TIER_BENEFITS: Readonly<Record<Tier, readonly string[]>> = {
  standard: [
    "commerce.tiers.standard.benefits.passwords",
    "commerce.tiers.standard.benefits.devices",
    "commerce.tiers.standard.benefits.generator",
    "commerce.tiers.standard.benefits.breachAlerts",
    "commerce.tiers.standard.benefits.sharing",
    "commerce.tiers.standard.benefits.support",
  ],
  monodefense: [
    "commerce.tiers.monodefense.benefits.everything",
    "commerce.tiers.monodefense.benefits.vpn",
    "commerce.tiers.monodefense.benefits.firewall",
    "commerce.tiers.monodefense.benefits.smartDns",
    "commerce.tiers.monodefense.benefits.oneAccount",
  ],
  secureDuo: [
    "commerce.tiers.secureDuo.benefits.everything",
    "commerce.tiers.secureDuo.benefits.vpn",
    "commerce.tiers.secureDuo.benefits.bundle",
  ],
};

export function tierName(tier: Tier): string {
  return `commerce.tiers.${tier}.name`;
}
