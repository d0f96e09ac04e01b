import { z } from "zod";
import { LIMITS, M } from "~/forms/names";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblems } from "./password-rules";
import { isStrongEnough } from "./password-strength.server";

/**
 * The change-password form (signed in; SPEC §5): the current password, the new one twice and
 * the terms box. A well-formed post (one value per field) is checked in full, so one reply names
 * every problem, each on its own field as a UI-string key. Passwords are never trimmed: a space at either end is an
 * error, not something to clean up silently.
 */

const TERMS_MESSAGE = "validation.TERMS_AGREE";

/** The fields a reply must never echo back: `submission.reply({ hideFields: SECRET_FIELDS })`. */
export const SECRET_FIELDS = ["current", "password", "repeat"];

/** One posted value: absent (conform reads an empty field as absent) or a single string. */
const posted = z.string({ invalid_type_error: M.invalid }).optional();

/**
 * The schema, with the visitor's own data (their e-mail) counted against the new password's
 * strength; the current password counts too, so a near-copy of it is refused as weak.
 */
export function createChangePasswordSchema(userInputs: readonly string[] = []) {
  return z
    .object({
      current: posted,
      password: posted,
      repeat: posted,
      terms: posted,
      /** The captcha's answer token, for the action to verify when a captcha is on. */
      captcha: z
        .string({ invalid_type_error: M.invalid })
        .max(LIMITS.captcha, M.tooLong)
        .optional(),
    })
    .superRefine((value, ctx) => {
      const fail = (field: "current" | "password" | "repeat" | "terms", message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });

      if (value.current === undefined) fail("current", M.required);
      else if (value.current.length > PASSWORD_MAX_LENGTH) {
        fail("current", PASSWORD_MESSAGES.tooLong);
      }

      if (value.password === undefined) fail("password", M.required);
      else {
        const problems = passwordProblems(value.password);
        for (const problem of problems) fail("password", problem);
        const known =
          value.current === undefined ? [...userInputs] : [...userInputs, value.current];
        if (problems.length === 0 && !isStrongEnough(value.password, known)) {
          fail("password", PASSWORD_MESSAGES.weak);
        }
      }

      if (value.repeat === undefined) fail("repeat", M.required);
      else if (value.password !== undefined && value.repeat !== value.password) {
        fail("repeat", PASSWORD_MESSAGES.confirm);
      }

      if (value.terms !== "on") fail("terms", TERMS_MESSAGE);
    })
    .transform((value) => ({
      current: value.current as string,
      password: value.password as string,
      terms: true as const,
      captcha: value.captcha,
    }));
}

/** The schema without user data; prefer `createChangePasswordSchema([email])` when it is known. */
export const changePasswordSchema = createChangePasswordSchema();

export type ChangePasswordValue = z.output<typeof changePasswordSchema>;
