import { createHmac } from "node:crypto";
import { getConfig } from "~/config/config.server";

/**
 * The name an account goes by in the site's own records (limits, sessions, known browsers): a
 * keyed hash of its e-mail, lowercased. Keyed with SESSION_SECRET, so a Redis dump or a cookie
 * tells nobody whose account it is, and nobody can compute one for an address of their choice.
 */
export function accountKey(email: string): string {
  return createHmac("sha256", getConfig().sessionSecret)
    .update(`account:${email.trim().toLowerCase()}`)
    .digest("hex")
    .slice(0, 32);
}
