import { TRAFFIC_OPTIONS, type Traffic } from "./plans";

/**
 * The add-ons that need a place (SPEC §1): a personal server (unlimited or 1–3 TB a month) sits
 * in one of the server locations, a static IP in one of the countries of the geo list. Which
 * plans are add-ons, what they cost and which traffic tiers exist comes from the `VPNSERVER`
 * price service; the places from the VPN service's lists. SPEC §4: the server's place is the
 * purchase's `region`, the static IP's its `ipRegion` — setting one clears the other.
 */

export type AddonKind = "personalServer" | "staticIp";

/** A plan as the price service answers it (only what these rules read). */
export interface AddonPlanInput {
  id: number;
  cost: number;
  info: { type: string; count: number };
  product?: string;
  traffic?: "unlimited" | number;
}

/**
 * What kind of add-on a plan is, or null for any other plan. The plan's own `product` says it
 * when the service sends it; else a plan with a traffic allowance is a server, and any other plan
 * of the `VPNSERVER` service a static IP.
 */
export function addonKindOf(
  plan: AddonPlanInput,
  servicePlans: readonly AddonPlanInput[] | null,
): AddonKind | null {
  if (plan.product === "vpn-server") return "personalServer";
  if (plan.product === "static-ip") return "staticIp";
  if (plan.product !== undefined) return null;
  if (plan.traffic !== undefined) return "personalServer";
  if (!servicePlans?.some((other) => other.id === plan.id)) return null;
  return plan.traffic === undefined ? "staticIp" : "personalServer";
}

function trafficOf(plan: AddonPlanInput): Traffic | null {
  const traffic = plan.traffic;
  return TRAFFIC_OPTIONS.find((option) => option === traffic) ?? null;
}

export interface TrafficTier {
  id: number;
  traffic: Traffic;
  costCents: number;
  current: boolean;
}

/**
 * The personal-server plans a buyer may switch to: the same billing period as `current`, one per
 * traffic allowance, from 1 TB up to unlimited. Empty when `current` is no server plan or is not
 * in the list (then there is nothing to switch between).
 */
export function trafficTiers(
  current: AddonPlanInput,
  servicePlans: readonly AddonPlanInput[],
): TrafficTier[] {
  if (trafficOf(current) === null) return [];
  const seen = new Set<Traffic>();
  const tiers: TrafficTier[] = [];
  for (const plan of servicePlans) {
    const traffic = trafficOf(plan);
    if (traffic === null || seen.has(traffic) || plan.product === "static-ip") continue;
    if (plan.info.type !== current.info.type || plan.info.count !== current.info.count) continue;
    seen.add(traffic);
    tiers.push({ id: plan.id, traffic, costCents: plan.cost, current: plan.id === current.id });
  }
  // Unlimited is the largest allowance: it goes last.
  const order = (traffic: Traffic) =>
    traffic === "unlimited" ? TRAFFIC_OPTIONS.length : TRAFFIC_OPTIONS.indexOf(traffic);
  tiers.sort((a, b) => order(a.traffic) - order(b.traffic));
  return tiers.some((tier) => tier.current) ? tiers : [];
}

/** The UI string of a traffic allowance. */
export function trafficLabel(traffic: Traffic): { key: string; values?: Record<string, number> } {
  return traffic === "unlimited"
    ? { key: "addons.traffic.unlimited" }
    : { key: "addons.traffic.terabytes", values: { count: traffic } };
}

/** A place the buyer can choose: its id (sent upstream), its name and its country. */
export interface LocationOption {
  id: string;
  label: string;
  country: string;
}

/** The server locations (`servers-locations-list`) as options. */
export function serverLocationOptions(
  list: readonly { id: string; country: string; name: string }[],
): LocationOption[] {
  return list.map((place) => ({ id: place.id, label: place.name, country: place.country }));
}

/** The countries of the geo list (`geo-locations-list`) as options. */
export function geoLocationOptions(
  list: readonly { code: string; name: string }[],
): LocationOption[] {
  return list.map((place) => ({ id: place.code, label: place.name, country: place.code }));
}

/** Whether `id` is one of the options, exactly. */
export function isKnownLocation(options: readonly LocationOption[], id: unknown): id is string {
  return typeof id === "string" && options.some((option) => option.id === id);
}

/** The first place in the visitor's country, or null (no country, or none there). */
export function locationForCountry(
  options: readonly LocationOption[],
  country: string | null | undefined,
): string | null {
  if (!country) return null;
  return options.find((option) => option.country === country)?.id ?? null;
}

/** The parameter, in the checkout's URL and form, that holds an add-on's place. */
export function locationParam(kind: AddonKind): "region" | "ip_region" {
  return kind === "personalServer" ? "region" : "ip_region";
}

const PLACE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const MAX_PLACE_LENGTH = 64;

/** A parameter's last value as a place id (trimmed), or null when absent or malformed. */
function placeParam(params: URLSearchParams, name: string): string | null {
  const place = params.getAll(name).at(-1)?.trim();
  return place && place.length <= MAX_PLACE_LENGTH && PLACE.test(place) ? place : null;
}

/**
 * The place the checkout's URL asks for the add-on. A tampered value is dropped, never trusted.
 * With both parameters the chosen `region` wins (SPEC §4: it clears the IP region).
 */
export function requestedLocation(kind: AddonKind, params: URLSearchParams): string | null {
  const region = placeParam(params, "region");
  if (kind === "personalServer") return region;
  return region === null ? placeParam(params, "ip_region") : null;
}

export interface LocationChoice {
  /** The place shown as chosen, or null: the buyer must pick one. */
  selected: string | null;
  /** It was suggested from the visitor's country, not asked for. */
  suggested: boolean;
}

/**
 * Which place the checkout shows as chosen: the one the URL or form asked for when it is known,
 * else the first one in the visitor's country, else none.
 */
export function chooseLocation(
  options: readonly LocationOption[],
  requested: string | null,
  country: string | null,
): LocationChoice {
  if (isKnownLocation(options, requested)) return { selected: requested, suggested: false };
  const suggested = locationForCountry(options, country);
  return { selected: suggested, suggested: suggested !== null };
}

/** Why a signed-in visitor's account cannot buy a plan (`check-upgrade-possibility`). */
export const UPGRADE_REFUSAL_KEYS = {
  HAS_LIFETIME: "addons.upgrade.refused.HAS_LIFETIME",
  HAS_HIGHER_PLAN: "addons.upgrade.refused.HAS_HIGHER_PLAN",
  OTHER: "addons.upgrade.refused.OTHER",
} as const;

export function upgradeRefusalKey(reason: string): string {
  return Object.hasOwn(UPGRADE_REFUSAL_KEYS, reason)
    ? UPGRADE_REFUSAL_KEYS[reason as keyof typeof UPGRADE_REFUSAL_KEYS]
    : UPGRADE_REFUSAL_KEYS.OTHER;
}
