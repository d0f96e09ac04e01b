import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { HONEYPOT_FIELD } from "./schemas";

/**
 * The honeypot of every public form (remix-utils): one fixed, hidden field and no time stamp, so
 * the pages that carry it stay the same for every visitor (and cacheable).
 */
const honeypot = new Honeypot({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: null });

/** Whether a post looks automated: the hidden field is filled, or missing altogether. */
export function isSpam(form: FormData): boolean {
  if (!form.has(HONEYPOT_FIELD)) return true;
  try {
    honeypot.check(form);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
