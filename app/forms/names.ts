/**
 * Field names and message keys of the visitor forms, without zod: the browser code of every page
 * (the footer newsletter) imports these, and zod loads only where a form validates with it.
 */

/** Hidden field naming the form a post belongs to (one page can hold several forms). */
export const FORM_FIELD = "_form";
/** Hidden field the browser adds when JS posts the form (the answer is then data, not a page). */
export const JS_FIELD = "_js";
/** The honeypot field: hidden from people, filled by naive bots. */
export const HONEYPOT_FIELD = "website_url";

export const M = {
  required: "validation.REQUIRED",
  invalidEmail: "validation.INVALID_EMAIL",
  emailRequired: "validation.EMAIL_REQUIRED",
  emailFieldInvalid: "validation.EMAIL_FIELD_INVALID",
  textRequired: "validation.TEXT_REQUIRED",
  captcha: "validation.NOT_VERIFIED_CAPTCHA",
  tooLong: "validation.TOO_LONG",
  invalid: "validation.INVALID_VALUE",
  invalidUrl: "validation.INVALID_URL",
  paymentMethod: "validation.PAYMENT_METHOD_REQUIRED",
  planUnavailable: "checkout.planUnavailable",
  bonusCodeInvalid: "validation.BONUS_CODE_INVALID",
  badRequest: "errors.badRequest",
} as const;

/** Longest values the forms take (the upstream's own limits are not published: kept modest). */
export const LIMITS = {
  email: 254,
  name: 100,
  company: 150,
  subject: 200,
  url: 300,
  message: 5000,
  comment: 2000,
  captcha: 4096,
} as const;
