import { z } from "zod";

/**
 * The answers of the provider service's sales, purchase and VPN-location calls (SPEC §3, §7),
 * parsed at the edge, and the bounds the site keeps to when it sends them something. The sandbox
 * upstream (mocks/handlers/sales.ts) imports the same constants, so both sides agree.
 */

/** Most purchase ids one `price-list` call may ask for. */
export const MAX_PRICE_LIST_IDS = 50;
/** Purchase ids are positive integers of at most 9 digits. */
const MAX_PLAN_ID = 999_999_999;
/** A bonus code: letters, digits, `-` and `_`, at most 64 characters. */
export const BONUS_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_EMAIL_LENGTH = 254;
/** An order id as the site accepts it back from a URL (the upstream's format is its own). */
export const ORDER_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The payment methods (SPEC §7): one list for the site, the upstream calls and the sandbox. */
export { PAYMENT_METHODS } from "./payment-methods";
export type { PaymentMethodId as PaymentMethod } from "./payment-methods";

/** The add-on services `price-service` prices (`VPNSERVER`: personal server and static IP). */
export const PRICE_SERVICES = ["VPNSERVER", "VPNDEVICES"] as const;
export type PriceService = (typeof PRICE_SERVICES)[number];

/** The error keys `check-new-bonus-code` answers for a code it cannot apply (SPEC §8). */
export const BONUS_CODE_ERRORS = [
  "BAD_NEW_BONUS_CODE",
  "USE_NEW_BONUS_CODE_ON_OWN_ACC",
  "INVALID_AMOUNT_NEW_BONUS_CODE",
] as const;
export type BonusCodeError = (typeof BONUS_CODE_ERRORS)[number];

export const ORDER_STATUSES = ["paid", "pending", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isPlanId(value: unknown): value is number {
  return (
    typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_PLAN_ID
  );
}

/** An e-mail of sane length with one `@` and a dotted domain. */
export function isEmailShaped(email: unknown): email is string {
  return (
    typeof email === "string" &&
    email.length <= MAX_EMAIL_LENGTH &&
    /^[^\s@"<>()[\]\\,;:]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(email)
  );
}

const planId = z.number().int().positive().max(MAX_PLAN_ID);
/** An amount in cents (up to a million dollars). */
export const cents = z.number().int().nonnegative().max(100_000_000);
export const currency = z.string().regex(/^[A-Z]{3}$/);
export const text = (max: number) => z.string().max(max);

/**
 * A price plan (SPEC §3): `{ id, cost, description, info }`, cost in cents. The description is a
 * duration text ("1 month", "100 years"); checking it is the commerce code's job, so an odd one
 * is kept here and refused there. The other fields are descriptive extras the service may send.
 */
export const pricePlanSchema = z.object({
  id: planId,
  cost: cents,
  description: text(64),
  info: z.object({ type: text(32), count: z.number().int().nonnegative().max(10_000) }),
  key: text(64).optional(),
  product: text(32).optional(),
  /** The product tier of a personal plan (SPEC §1); absent = standard. */
  tier: text(32).optional(),
  trialDays: z.number().int().positive().max(366).optional(),
  members: z.number().int().positive().max(10_000).optional(),
  users: z.number().int().positive().max(100_000).optional(),
  devices: z.number().int().positive().max(10_000).optional(),
  traffic: z.union([z.literal("unlimited"), z.number().positive().max(10_000)]).optional(),
  /**
   * The tax included in `cost`, in cents, where the service states one: the same for every buyer
   * (the price call names no buyer or country, and its answer is shared).
   */
  tax: cents.optional(),
});
export type PricePlan = z.infer<typeof pricePlanSchema>;

/** `POST sales/price-list/`: the plans it knows of those asked for (unknown ids are left out). */
export const priceListSchema = z.array(pricePlanSchema).max(500);

/** `POST sales/price-service/`: one add-on service's plans. */
export const servicePricesSchema = z.object({
  service: text(32),
  plans: z.array(pricePlanSchema).max(500),
});
export type ServicePrices = z.infer<typeof servicePricesSchema>;

/** `POST sales/check-new-bonus-code/` for a code that applies: what it takes off the plan. */
export const bonusCodeSchema = z.object({
  code: text(64),
  id: planId,
  percent: z.number().int().min(0).max(100),
  cost: cents,
  discount: cents,
  total: cents,
  currency,
});
export type BonusCode = z.infer<typeof bonusCodeSchema>;

/** `GET sales/comments/`: testimonials. */
export const commentsSchema = z.object({
  comments: z
    .array(
      z.object({
        id: z.union([z.number().int(), text(64)]),
        name: text(120),
        text: text(2000),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .optional(),
        rating: z.number().min(0).max(5).optional(),
        date: text(32).optional(),
      }),
    )
    .max(100),
});
export type Comment = z.infer<typeof commentsSchema>["comments"][number];

/**
 * Where the buyer pays: an http(s) URL of the payment provider, or a path on this site (the
 * sandbox's `/sandbox/pay?order=…`). Anything else (`javascript:`, `//host`) is refused.
 */
const paymentUrl = text(2048).refine(
  (url) => /^https?:\/\/[^/\s]/i.test(url) || (/^\/(?![/\\])/.test(url) && !/\s/.test(url)),
  { message: "not an http(s) URL or a site path" },
);

/** `POST purchase/url-with-email/` (the purchase a checkout starts). */
export const purchaseUrlSchema = z.object({ url: paymentUrl, order: text(128).optional() });
export type PurchaseUrl = z.infer<typeof purchaseUrlSchema>;

/** `POST sales/check-payment-status/`. */
export const paymentStatusSchema = z.object({
  order: text(128),
  status: z.enum(ORDER_STATUSES),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** `GET purchase/success-info/`: what was bought, for the outcome pages. */
export const successInfoSchema = z.object({
  order: text(128),
  status: z.enum(ORDER_STATUSES),
  plan: pricePlanSchema,
  method: text(32),
  /** The buyer's address, masked by the service ("d***@example.com"). */
  email: text(320),
  cost: cents,
  discount: cents,
  total: cents,
  currency,
  code: text(64).optional(),
  transactionId: text(128).optional(),
  /** Where a personal server or static IP is placed: the place's id and its name. */
  location: text(64).optional(),
  locationName: text(200).optional(),
  /** A free trial's last day (`trial-accrual/` orders: nothing was charged). */
  trialEndsAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type SuccessInfo = z.infer<typeof successInfoSchema>;

/** `GET /{provider}/geo-ip/`: where a visitor's address is. */
export const geoIpSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  region: text(16),
  ip: text(45),
});
export type GeoIp = z.infer<typeof geoIpSchema>;

/** `GET vpn/servers-locations-list/`: where a personal server or static IP can be. */
export const serverLocationsSchema = z.object({
  locations: z
    .array(
      z.object({
        id: text(64),
        country: z.string().regex(/^[A-Z]{2}$/),
        city: text(120),
        name: text(200),
      }),
    )
    .max(1000),
});
export type ServerLocation = z.infer<typeof serverLocationsSchema>["locations"][number];

/** `GET vpn/geo-locations-list/`: countries and their regions. */
export const geoLocationsSchema = z.object({
  locations: z
    .array(z.object({ code: z.string().regex(/^[A-Z]{2}$/), name: text(120), region: text(16) }))
    .max(1000),
});
export type GeoLocation = z.infer<typeof geoLocationsSchema>["locations"][number];

/** A location id as the site sends it upstream: a server location id or a country code. */
export const LOCATION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * `POST sales/check-upgrade-possibility/`: whether the signed-in visitor's account may buy a
 * plan. Possible: an upgrade of what it has (`current`, a period key, when the service says).
 * Not possible: why (an unknown reason reads as `OTHER`).
 */
export const UPGRADE_REFUSALS = ["HAS_LIFETIME", "HAS_HIGHER_PLAN", "OTHER"] as const;
export type UpgradeRefusal = (typeof UPGRADE_REFUSALS)[number];
export const upgradeSchema = z.discriminatedUnion("possible", [
  z.object({ possible: z.literal(true), current: text(64).optional() }),
  z.object({
    possible: z.literal(false),
    reason: z.enum(UPGRADE_REFUSALS).catch("OTHER"),
  }),
]);
export type UpgradePossibility = z.infer<typeof upgradeSchema>;
