import { z } from "zod";
import { ORDER_STATUSES, pricePlanSchema } from "./sales.schemas";

/**
 * The answers of the calls behind the payment outcome pages, the free trial and code redemption
 * (SPEC §7: `purchase-detail-by-hash/`, `purchase/transaction-id/`, `sales/trial-accrual/`,
 * `sales/redeem-code/`, `sales/redeem-gift/`, `purchase/redeem/`), and the bounds of what the site
 * sends them. The sandbox upstream imports the same constants.
 */

/** A purchase hash as the provider e-mails it: 16 to 128 letters, digits, `-` or `_`. */
export const PURCHASE_HASH_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A gift or redeem code: letters, digits and `-`, 4 to 64 of them. */
export const REDEEM_CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** The error keys the redeem calls answer for a code they cannot apply. */
export const REDEEM_ERRORS = [
  "INVALID_REDEEM_CODE",
  "REDEEM_CODE_USED",
  "REDEEM_CODE_EXPIRED",
  "BAD_NEW_BONUS_CODE",
  "USE_NEW_BONUS_CODE_ON_OWN_ACC",
] as const;
export type RedeemError = (typeof REDEEM_ERRORS)[number];

/** What a code is: a gift (someone paid for a plan for the visitor) or a redeem code. */
export const REDEEM_KINDS = ["gift", "code"] as const;
export type RedeemKind = (typeof REDEEM_KINDS)[number];

const cents = z.number().int().nonnegative().max(100_000_000);
const currency = z.string().regex(/^[A-Z]{3}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (max: number) => z.string().max(max);

/** `GET /{provider}/purchase-detail-by-hash/?hash=`: the order an e-mailed link names. */
export const purchaseDetailSchema = z.object({
  order: text(128),
  status: z.enum(ORDER_STATUSES),
  plan: pricePlanSchema,
  email: text(320),
  total: cents,
  currency,
  transactionId: text(128).optional(),
  trialEndsAt: isoDate.optional(),
});
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

/** `POST sales/trial-accrual/`: the trial's order and the day it ends (the first charge). */
export const trialAccrualSchema = z.object({ order: text(128), trialEndsAt: isoDate });
export type TrialAccrual = z.infer<typeof trialAccrualSchema>;

/** `GET sales/redeem-code/?code=`: what a code gives, before it is applied. */
export const redeemCodeSchema = z.object({
  code: text(64),
  kind: z.enum(REDEEM_KINDS),
  plan: pricePlanSchema,
  expiresAt: isoDate.optional(),
});
export type RedeemCodeInfo = z.infer<typeof redeemCodeSchema>;

/** `POST sales/redeem-gift/` and `POST purchase/redeem/`: the code applied to an account. */
export const redeemedSchema = z.object({
  code: text(64),
  plan: pricePlanSchema,
  /** The account's address, masked by the service. */
  email: text(320),
  endsAt: isoDate.optional(),
});
export type Redeemed = z.infer<typeof redeemedSchema>;
