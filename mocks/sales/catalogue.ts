/**
 * The sandbox's price catalogue (SPEC §1, §3): every plan and add-on the demo shop sells, the
 * add-on services, the demo bonus codes and a few standing orders. The data is
 * in ./catalogue.json, ./comments.json and ./locations.json; this module checks it once at load
 * (a broken catalogue stops the sandbox at start-up, never mid-request) and gives it types.
 *
 * A plan is what `POST /{provider}/sales/price-list/` answers: `{ id, cost, description, info }`
 * (SPEC §3) plus a few descriptive extras (key, product, members, …).
 *
 * - `id`: a stable integer purchase id, grouped by product: personal 101–110 (its Secure Duo
 *   tier 111–113, its MonoDefense tier 114–116), family 201–203,
 *   team 301–303, VPN device slots 401–407, personal VPN server 501–508, static IP 601–602.
 * - `cost`: the whole price of one period in US cents.
 * - `description`: the duration text `{n} day|week|month|year` (plural allowed); lifetime plans
 *   say "100 years" (SPEC §5, §9).
 * - `info`: the billing period. `type` is the unit the plan renews in — "day", "week", "month" or
 *   "year" — with `count` units per period (6 months: month × 6; 3 years: year × 3); a one-off
 *   lifetime purchase is `{ type: "lifetime", count: 1 }`. The 7-day plan is billed weekly, so its
 *   description is "7 days" and its info `{ type: "week", count: 1 }`.
 * - `key`: the period key of SPEC §1 ("1 MONTH", "LIFETIME", "7 DAYS", "1 YEAR TRIAL", …),
 *   prefixed for add-ons ("FAMILY 1 YEAR", "DEVICES 5 LIFETIME", "SERVER 2TB 1 MONTH").
 * - `trialDays`: the free trial before the first charge (the trial variants: 7).
 * - `tier`: the product tier of a personal plan (SPEC §1): absent for standard, "secureDuo" (with
 *   the VPN) or "monodefense" (with the whole security suite).
 * - `members` (family), `users` (team), `devices` (extra VPN device slots), `traffic` (personal
 *   server: "unlimited" or terabytes a month).
 */
import { z } from "zod";
import {
  BONUS_CODE_ERRORS,
  ORDER_STATUSES,
  PRICE_SERVICES,
  type BonusCodeError,
  type OrderStatus,
  type PriceService,
} from "../../app/upstream/sales.schemas";
import catalogueJson from "./catalogue.json";
import commentsJson from "./comments.json";
import locationsJson from "./locations.json";

export const PERIOD_TYPES = ["day", "week", "month", "year", "lifetime"] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** The duration text every plan's description matches (SPEC §5). */
export const DURATION_TEXT = /^\d+ (day|week|month|year)s?$/;

export const PRODUCTS = [
  "personal",
  "family",
  "team",
  "vpn-devices",
  "vpn-server",
  "static-ip",
] as const;
export type Product = (typeof PRODUCTS)[number];

export type Service = PriceService;
export type { BonusCodeError, OrderStatus };

const planSchema = z
  .object({
    id: z.number().int().positive(),
    key: z.string().min(1),
    product: z.enum(PRODUCTS),
    cost: z.number().int().positive(),
    description: z.string().regex(DURATION_TEXT),
    info: z.object({ type: z.enum(PERIOD_TYPES), count: z.number().int().positive() }),
    tier: z.enum(["standard", "monodefense", "secureDuo"]).optional(),
    trialDays: z.number().int().positive().optional(),
    members: z.number().int().positive().optional(),
    users: z.number().int().positive().optional(),
    devices: z.number().int().positive().optional(),
    traffic: z.union([z.literal("unlimited"), z.number().int().positive()]).optional(),
  })
  .strict();
export type DemoPlan = z.infer<typeof planSchema>;

const bonusCodeSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9_-]{1,64}$/),
    percent: z.number().int().min(1).max(100).optional(),
    minCost: z.number().int().positive().optional(),
    /** A referral code's account (e-mail): refused to that account, by token or by e-mail. */
    owner: z.string().optional(),
    error: z.enum(BONUS_CODE_ERRORS).optional(),
    note: z.string(),
  })
  .strict()
  .refine((c) => (c.percent === undefined) !== (c.error === undefined), {
    message: "a code has either a percent or an error",
  });
export type DemoBonusCode = z.infer<typeof bonusCodeSchema>;

const catalogueSchema = z.object({
  currency: z.string().length(3),
  plans: z.array(planSchema).min(1),
  services: z.array(
    z.object({ service: z.enum(PRICE_SERVICES), products: z.array(z.enum(PRODUCTS)) }),
  ),
  bonusCodes: z.array(bonusCodeSchema),
  orders: z.array(
    z.object({
      order: z.string(),
      planId: z.number().int().positive(),
      status: z.enum(ORDER_STATUSES),
      method: z.string(),
      email: z.string(),
    }),
  ),
});

const commentSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  country: z.string().length(2),
  rating: z.number().int().min(1).max(5),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  text: z.string(),
});
export type DemoComment = z.infer<typeof commentSchema>;

const locationsSchema = z.object({
  servers: z.array(
    z.object({ id: z.string(), country: z.string().length(2), city: z.string(), name: z.string() }),
  ),
  geo: z.array(z.object({ code: z.string().length(2), name: z.string(), region: z.string() })),
});

export const CATALOGUE = catalogueSchema.parse(catalogueJson);
/** Testimonials by language (`{brand}` placeholders are filled by the handlers). */
export const COMMENTS = z.record(z.array(commentSchema)).parse(commentsJson);
export const LOCATIONS = locationsSchema.parse(locationsJson);

export const DEMO_PLANS: readonly DemoPlan[] = CATALOGUE.plans;
export const CURRENCY = CATALOGUE.currency;

const byId = new Map(DEMO_PLANS.map((plan) => [plan.id, plan]));
if (byId.size !== DEMO_PLANS.length) throw new Error("mocks/sales/catalogue.json: duplicate ids");

export function planById(id: number): DemoPlan | undefined {
  return byId.get(id);
}

/** The plans one add-on service sells (`price-service`). */
export function plansOfService(service: Service): DemoPlan[] {
  const products = CATALOGUE.services.find((s) => s.service === service)?.products ?? [];
  return DEMO_PLANS.filter((plan) => products.includes(plan.product));
}

export type BonusCodeAnswer =
  | { ok: true; code: string; percent: number; cost: number; discount: number; total: number }
  | { ok: false; error: BonusCodeError };

/** The cents a percentage takes off a cost (rounded to the nearest cent). */
export function discountOf(cost: number, percent: number): number {
  return Math.round((cost * percent) / 100);
}

/**
 * What applying `code` (any case) to `plan` gives: the discount, or the error key. An unknown
 * code answers BAD_NEW_BONUS_CODE, as the real service does for codes it cannot apply.
 */
export function applyBonusCode(
  code: string,
  plan: DemoPlan,
  buyers: readonly string[] = [],
): BonusCodeAnswer {
  const known = CATALOGUE.bonusCodes.find((c) => c.code === code.toUpperCase());
  if (!known) return { ok: false, error: "BAD_NEW_BONUS_CODE" };
  if (known.error) return { ok: false, error: known.error };
  if (known.owner && buyers.some((buyer) => buyer.trim().toLowerCase() === known.owner)) {
    return { ok: false, error: "USE_NEW_BONUS_CODE_ON_OWN_ACC" };
  }
  if (known.minCost !== undefined && plan.cost < known.minCost) {
    return { ok: false, error: "INVALID_AMOUNT_NEW_BONUS_CODE" };
  }
  const percent = known.percent ?? 0;
  const discount = discountOf(plan.cost, percent);
  return {
    ok: true,
    code: known.code,
    percent,
    cost: plan.cost,
    discount,
    total: plan.cost - discount,
  };
}
