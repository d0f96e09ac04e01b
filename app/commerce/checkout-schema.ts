import { z } from "zod";
import { M, email } from "~/forms/schemas";
import { PAYMENT_METHODS } from "./payment-methods";

/** The checkout form's `_form` id (its action, the card step's and the trial's answer to it). */
export const CHECKOUT_FORM = "checkout";

/** A purchase id as a form sends it: digits, no sign or leading zero, at most 9 of them. */
const planIdField = z
  .string({ required_error: M.planUnavailable, invalid_type_error: M.planUnavailable })
  .regex(/^[1-9]\d{0,8}$/, M.planUnavailable)
  .transform(Number);

/**
 * The checkout without JS (SPEC §3, §5): the plan (re-read from the upstream by the action), the
 * buyer's e-mail (required here; lowercased), marketing consent (a ticked box; unticked = absent)
 * and a payment method of the known ones.
 */
export const checkoutSchema = z.object({
  plan: planIdField,
  email: email(),
  marketing: z
    .literal("on", { errorMap: () => ({ message: M.invalid }) })
    .optional()
    .transform((value) => value === "on"),
  method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: M.paymentMethod }) }),
  /** An applied bonus code, as the box left it; the action checks it again upstream. */
  code: z.string().max(200, M.bonusCodeInvalid).optional(),
});

export type CheckoutValue = z.output<typeof checkoutSchema>;
