/**
 * Every form the site answers, by its `_form` field, and which of them buyers and account owners
 * post: the rate limiter and the actions name a post the same way (`formIdOf` on the body as the
 * action reads it, see rate-limit.server.ts). A post that names none of these forms — or no form
 * at all — is `unknown`: still counted, in a bucket of its own, never skipped.
 */
import {
  AUTOLOGIN_FORM,
  CHANGE_PASSWORD_FORM,
  FAST_LOGIN_FORM,
  SIGN_IN_FORM,
} from "~/account/names";
import { WALLET_FORM } from "~/commerce/wallet-script";
import { BONUS_FORM } from "~/commerce/bonus";
import { CARD_PAID_FORM } from "~/commerce/card-step";
import { FEEDBACK_FORM_IDS } from "./feedback";
import { FORM_FIELD } from "./names";
import { REDEEM_FORM } from "~/commerce/redeem";

export const CHECKOUT_FORM = "checkout";
export const NEWSLETTER_FORM = "newsletter";
export const CONTACT_FORM = "contact";
export const PARTNER_FORM = "partner";

/**
 * Forms of buying and signing in: many honest people may post them from one address (an office,
 * a school, a carrier's shared address), so their per-address limit is high and what is guessed
 * through them (accounts, codes) has limits of its own (app/forms/limits/).
 */
export const SHARED_ADDRESS_FORMS = [
  CHECKOUT_FORM,
  CARD_PAID_FORM,
  WALLET_FORM,
  BONUS_FORM,
  REDEEM_FORM,
  SIGN_IN_FORM,
  FAST_LOGIN_FORM,
  AUTOLOGIN_FORM,
  CHANGE_PASSWORD_FORM,
] as const;

/** Forms that send a message or a subscription: few honest posts per address. */
export const VISITOR_FORMS = [
  NEWSLETTER_FORM,
  CONTACT_FORM,
  PARTNER_FORM,
  FEEDBACK_FORM_IDS.page,
  FEEDBACK_FORM_IDS.download,
] as const;

export const FORM_IDS = [...SHARED_ADDRESS_FORMS, ...VISITOR_FORMS] as const;
export type FormId = (typeof FORM_IDS)[number];

/** A post naming no known form (or none). */
export const UNKNOWN_FORM = "unknown";
export type PostedFormId = FormId | typeof UNKNOWN_FORM;

const KNOWN: ReadonlySet<string> = new Set(FORM_IDS);
const SHARED: ReadonlySet<string> = new Set(SHARED_ADDRESS_FORMS);

/** The form a post belongs to, read exactly as the actions read it: `form.get("_form")`. */
export function formIdOf(form: FormData | null): PostedFormId {
  const id = form?.get(FORM_FIELD);
  return typeof id === "string" && KNOWN.has(id) ? (id as FormId) : UNKNOWN_FORM;
}

export function isSharedAddressForm(id: string): boolean {
  return SHARED.has(id);
}
