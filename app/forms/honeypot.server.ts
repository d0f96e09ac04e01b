import { HONEYPOT_FIELD } from "./schemas";

/**
 * The honeypot of every public form: one fixed field, hidden from people (fields.tsx), and no
 * time stamp, so the pages that carry it stay the same for every visitor (and cacheable). A post
 * is automated unless it carries the field exactly once, empty.
 */
export function isSpam(form: FormData): boolean {
  const values = form.getAll(HONEYPOT_FIELD);
  return values.length !== 1 || values[0] !== "";
}
