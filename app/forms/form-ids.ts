/**
 * Every form the site answers, by its `_form` field, and which of them buyers and account owners
 * post. The per-address limit is asked by the code handling each form, with the id it handles
 * (form-limit.server.ts): a post naming no form the site knows reaches no handler — it is
 * answered 400 and sends nothing — so it needs no count of its own.
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
const SHARED_ADDRESS_FORMS = [
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
const VISITOR_FORMS = [
  NEWSLETTER_FORM,
  CONTACT_FORM,
  PARTNER_FORM,
  FEEDBACK_FORM_IDS.page,
  FEEDBACK_FORM_IDS.download,
] as const;

export const FORM_IDS = [...SHARED_ADDRESS_FORMS, ...VISITOR_FORMS] as const;
export type FormId = (typeof FORM_IDS)[number];

const SHARED: ReadonlySet<string> = new Set(SHARED_ADDRESS_FORMS);

export function isSharedAddressForm(id: string): boolean {
  return SHARED.has(id);
}
