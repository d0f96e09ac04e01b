import { z } from "zod";
import { LIMITS, M } from "~/forms/names";

/**
 * The free trial on the checkout (SPEC §4: "a 7-day free trial can be started without charge"):
 * a trial plan's checkout posts the e-mail and the marketing consent with `trial=1`, and no
 * payment method. The action (trial.server.ts) checks that the plan really is a trial plan.
 */
export const TRIAL_FIELD = "trial";

export const trialSchema = z.object({
  plan: z
    .string({ required_error: M.planUnavailable, invalid_type_error: M.planUnavailable })
    .regex(/^[1-9]\d{0,8}$/, M.planUnavailable)
    .transform(Number),
  email: z
    .string({ required_error: M.required, invalid_type_error: M.invalid })
    .trim()
    .min(1, M.required)
    .max(LIMITS.email, M.tooLong)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().email(M.invalidEmail)),
  marketing: z
    .literal("on", { errorMap: () => ({ message: M.invalid }) })
    .optional()
    .transform((value) => value === "on"),
  trial: z.literal("1", { errorMap: () => ({ message: M.invalid }) }),
});

export type TrialValue = z.output<typeof trialSchema>;
