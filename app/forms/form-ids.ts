/**
 * The visitor forms' ids (their `_form` field). The forms of buying and signing in declare their
 * own (commerce, account) and ask the per-address limit for shared addresses
 * (form-limit.server.ts). A post naming no form the site knows reaches no handler — it is answered
 * 400 and sends nothing — so it needs no count of its own.
 */
import { FEEDBACK_FORM_IDS } from "./feedback";

export const NEWSLETTER_FORM = "newsletter";
export const CONTACT_FORM = "contact";
export const PARTNER_FORM = "partner";

/** Forms that send a message or a subscription: few honest posts per address. */
const VISITOR_FORMS = [
  NEWSLETTER_FORM,
  CONTACT_FORM,
  PARTNER_FORM,
  FEEDBACK_FORM_IDS.page,
  FEEDBACK_FORM_IDS.download,
] as const;
export type VisitorFormId = (typeof VISITOR_FORMS)[number];
