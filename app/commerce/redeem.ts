import { z } from "zod";
import type { FormReply } from "~/forms/reply";
import { LIMITS, M } from "~/forms/names";

/**
 * The redeem form (a content block): a gift or redeem code in two steps, each a plain post.
 * `step=check` sends the code and is answered with what it gives (`sales/redeem-code/`);
 * `step=apply` sends it again with the e-mail of the account it goes to (`sales/redeem-gift/`
 * for a gift, `purchase/redeem/` for a redeem code).
 */
export const REDEEM_FORM = "redeem";

/** Message keys of the refusals (SPEC §8's keys where they apply). */
export const REDEEM_MESSAGES = {
  INVALID_REDEEM_CODE: "redeem.errors.invalid",
  REDEEM_CODE_USED: "redeem.errors.used",
  REDEEM_CODE_EXPIRED: "redeem.errors.expired",
  BAD_NEW_BONUS_CODE: "api.BAD_NEW_BONUS_CODE",
  USE_NEW_BONUS_CODE_ON_OWN_ACC: "api.USE_NEW_BONUS_CODE_ON_OWN_ACC",
} as const;

/** A code as typed: 4 to 64 letters, digits and dashes (the service says whether it holds). */
const code = z
  .string({ required_error: M.required, invalid_type_error: M.invalid })
  .trim()
  .min(1, M.required)
  .regex(/^[A-Za-z0-9-]{4,64}$/, REDEEM_MESSAGES.INVALID_REDEEM_CODE)
  .transform((value) => value.toUpperCase());

export const redeemCheckSchema = z.object({ step: z.literal("check"), code });

export const redeemApplySchema = z.object({
  step: z.literal("apply"),
  code,
  email: z
    .string({ required_error: M.required, invalid_type_error: M.invalid })
    .trim()
    .min(1, M.required)
    .max(LIMITS.email, M.tooLong)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().email(M.invalidEmail)),
});

export const redeemSchema = z.discriminatedUnion("step", [redeemCheckSchema, redeemApplySchema], {
  errorMap: () => ({ message: M.invalid }),
});

/** What a code gives, as the confirmation step shows it. */
export interface RedeemPreview {
  code: string;
  kind: "gift" | "code";
  plan: string;
  expiresAt: string | null;
}

/** A code applied: the plan, the account's masked e-mail and when the plan runs out. */
export interface RedeemDone {
  code: string;
  plan: string;
  email: string;
  endsAt: string | null;
}

export interface RedeemReply extends FormReply {
  preview?: RedeemPreview;
  redeemed?: RedeemDone;
}
