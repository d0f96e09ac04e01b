import { z } from "zod";

/**
 * The visitor forms: one zod schema each, shared by the action (server-side validation, always)
 * and the component (instant validation with JS). Error messages are UI-string keys, translated
 * where they are shown, so a reply reads right in every language.
 */

export { FORM_FIELD, HONEYPOT_FIELD, JS_FIELD, LIMITS, M } from "./names";
import { LIMITS, M } from "./names";

/** A text field: one string (a duplicated field is an array: invalid), trimmed, bounded. */
function text(max: number, requiredMessage: string = M.required) {
  return z
    .string({ required_error: requiredMessage, invalid_type_error: M.invalid })
    .trim()
    .min(1, requiredMessage)
    .max(max, M.tooLong);
}

function optionalText(max: number) {
  return z.string({ invalid_type_error: M.invalid }).trim().max(max, M.tooLong).optional();
}

/** E-mail: checked after lowercasing (SPEC §5); kept lowercased. */
export function email(
  requiredMessage: string = M.required,
  invalidMessage: string = M.invalidEmail,
) {
  return text(LIMITS.email, requiredMessage)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().email(invalidMessage));
}

/** An http(s) address a browser can open (one message, whichever part is wrong). */
function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

export const newsletterSchema = z.object({
  email: email(M.emailRequired, M.emailFieldInvalid),
  /** The captcha's answer token: required when the post comes from JS and a captcha is on. */
  captcha: optionalText(LIMITS.captcha),
});

const vote = z.enum(["yes", "no"], {
  errorMap: (issue) => ({
    message:
      issue.code === "invalid_type" && issue.received === "undefined" ? M.required : M.invalid,
  }),
});

/**
 * 'Was this helpful?' and 'Have you successfully downloaded …?': first the yes/no answer, then
 * an optional comment, which must not be empty when it is sent.
 */
export const feedbackSchema = z.discriminatedUnion(
  "step",
  [
    z.object({ step: z.literal("vote"), answer: vote }),
    z.object({
      step: z.literal("comment"),
      answer: vote,
      comment: text(LIMITS.comment, M.textRequired),
    }),
  ],
  { errorMap: () => ({ message: M.invalid }) },
);

export const contactSchema = z.object({
  name: text(LIMITS.name),
  email: email(),
  subject: optionalText(LIMITS.subject),
  message: text(LIMITS.message, M.textRequired),
});

export const partnerSchema = z.object({
  company: text(LIMITS.company),
  name: text(LIMITS.name),
  email: email(),
  website: optionalText(LIMITS.url).pipe(z.string().refine(isWebUrl, M.invalidUrl).optional()),
  message: text(LIMITS.message, M.textRequired),
});

export type NewsletterValue = z.output<typeof newsletterSchema>;
export type FeedbackValue = z.output<typeof feedbackSchema>;
export type ContactValue = z.output<typeof contactSchema>;
export type PartnerValue = z.output<typeof partnerSchema>;
