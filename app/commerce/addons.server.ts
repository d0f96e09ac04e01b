import { z } from "zod";
import {
  addonKindOf,
  upgradeRefusalKey,
  chooseLocation,
  geoLocationOptions,
  isKnownLocation,
  locationParam,
  serverLocationOptions,
  trafficTiers,
  type AddonKind,
  type LocationChoice,
  type LocationOption,
  type TrafficTier,
} from "~/commerce/addons";
import { getUpstreamAuth } from "~/account/session.server";
import { log } from "~/observability/log.server";
import { isUpstreamError } from "~/upstream/errors";
import { getGeoIp } from "~/upstream/provider.server";
import { checkUpgradePossibility, getServicePrices } from "~/upstream/sales.server";
import type { PricePlan, UpgradeRefusal } from "~/upstream/sales.schemas";
import { getGeoLocations, getServerLocations } from "~/upstream/vpn.server";

/**
 * The checkout's add-on and upgrade checks (docs/decisions/012-regions-and-add-ons.md): where a
 * personal server or static IP goes, the server's traffic tiers, and whether a signed-in
 * visitor's account may buy the plan. Used by the checkout's loader and its action alike.
 */

const LOCATION_MESSAGES = {
  required: "addons.location.required",
  unknown: "addons.location.unknown",
} as const;

/** What the checkout of an add-on plan needs: its kind, the field, the places and the tiers. */
export interface CheckoutAddon {
  kind: AddonKind;
  /** The form and URL parameter of the place: `region` (server) or `ip_region` (static IP). */
  param: string;
  options: LocationOption[];
  /** The server's traffic tiers of the same period (empty for a static IP). */
  tiers: TrafficTier[];
}

/**
 * The add-on a plan is, with its places, or null for any other plan. The `VPNSERVER` price list
 * says which plans are add-ons (a failure there leaves the plan's own fields to say it); the
 * places are needed to sell one, so their list failing rejects with its UpstreamError.
 */
export async function loadCheckoutAddon(plan: PricePlan): Promise<CheckoutAddon | null> {
  let servicePlans: PricePlan[] | null = null;
  try {
    servicePlans = (await getServicePrices("VPNSERVER")).plans;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.warn("Checkout: the add-on prices could not be loaded", error);
  }
  const kind = addonKindOf(plan, servicePlans);
  if (kind === null) return null;
  const options =
    kind === "personalServer"
      ? serverLocationOptions((await getServerLocations()).locations)
      : geoLocationOptions((await getGeoLocations()).locations);
  const tiers = kind === "personalServer" && servicePlans ? trafficTiers(plan, servicePlans) : [];
  return { kind, param: locationParam(kind), options, tiers };
}

/** An IPv4 address in its IPv6 form (`::ffff:192.0.2.1`), as Node may give it, made plain. */
export function plainIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  return ip.replace(/^::ffff:(?=\d{1,3}(\.\d{1,3}){3}$)/i, "");
}

/**
 * The visitor's country from `geo-ip` for their address (as the server's trust-proxy setting
 * resolved it), or null when it cannot be told: the checkout then preselects nothing.
 */
async function visitorCountry(clientIp: string | null | undefined): Promise<string | null> {
  const ip = plainIp(clientIp);
  if (ip === null) return null;
  try {
    return (await getGeoIp(ip)).country;
  } catch (error) {
    log.warn("Checkout: the visitor's country could not be found", error);
    return null;
  }
}

/**
 * The place the checkout shows: the one asked for (URL or form) when it is in the list, else the
 * first in the visitor's country. geo-ip is asked only when nothing valid was asked for.
 */
export async function checkoutLocation(
  addon: CheckoutAddon,
  requested: string | null,
  clientIp: string | null | undefined,
): Promise<LocationChoice> {
  if (isKnownLocation(addon.options, requested)) return { selected: requested, suggested: false };
  return chooseLocation(addon.options, null, await visitorCountry(clientIp));
}

/** The posted place: required, one of the list, exactly (zod; the message is a UI-string key). */
export function locationSchema(options: readonly LocationOption[]) {
  return z
    .string({
      required_error: LOCATION_MESSAGES.required,
      invalid_type_error: LOCATION_MESSAGES.required,
    })
    .min(1, LOCATION_MESSAGES.required)
    .max(64, LOCATION_MESSAGES.unknown)
    .refine((id) => isKnownLocation(options, id), LOCATION_MESSAGES.unknown);
}

export type PostedLocation = { ok: true; location: string } | { ok: false; message: string };

/** The place a checkout post carries for an add-on (its last value), checked against the list. */
export function postedLocation(form: FormData, addon: CheckoutAddon): PostedLocation {
  const raw = form.getAll(addon.param).at(-1);
  const parsed = locationSchema(addon.options).safeParse(raw);
  if (parsed.success) return { ok: true, location: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? LOCATION_MESSAGES.unknown };
}

/** What a signed-in visitor's account may do with the plan. */
export type UpgradeView = { possible: true } | { possible: false; reason: UpgradeRefusal };

/**
 * For a signed-in visitor, `check-upgrade-possibility` for the plan with their tokens; null
 * without a session (nothing is called) or when the check fails (the checkout then sells the
 * plan as to anyone, and the provider decides).
 */
export async function upgradeFor(request: Request, planId: number): Promise<UpgradeView | null> {
  const auth = await getUpstreamAuth(request);
  if (!auth) return null;
  try {
    const answer = await checkUpgradePossibility(planId, auth);
    return answer.possible ? { possible: true } : { possible: false, reason: answer.reason };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.warn(`Checkout: the upgrade check for plan ${planId} failed`, error);
    return null;
  }
}

export type AddonPost =
  | { ok: true; location?: string }
  | { ok: false; status: number; formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/**
 * A checkout post's add-on and upgrade checks, before any purchase call: a signed-in visitor's
 * account must be allowed the plan (409 with the reason), and an add-on needs a place from its
 * list (400 on the field). An upstream failure rejects (the action answers 502).
 */
export async function checkAddonPost(
  form: FormData,
  request: Request,
  plan: PricePlan,
): Promise<AddonPost> {
  const upgrade = await upgradeFor(request, plan.id);
  if (upgrade && !upgrade.possible) {
    return { ok: false, status: 409, formErrors: [upgradeRefusalKey(upgrade.reason)] };
  }
  const addon = await loadCheckoutAddon(plan);
  if (!addon) return { ok: true };
  const posted = postedLocation(form, addon);
  if (!posted.ok) {
    log.warn(`Checkout post for plan ${plan.id} without a known place: refused`);
    return { ok: false, status: 400, fieldErrors: { [addon.param]: [posted.message] } };
  }
  return { ok: true, location: posted.location };
}
