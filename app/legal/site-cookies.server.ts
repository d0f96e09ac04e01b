import { SESSION_COOKIE_NOTICE } from "~/account/session.server";
import { DEVICE_COOKIE_NOTICE } from "~/account/device.server";
import { CHECKOUT_DRAFT_COOKIE_NOTICE } from "~/commerce/checkout-draft.server";
import { FEEDBACK_COOKIE_NOTICE } from "~/forms/feedback";
import { FLASH_COOKIE_NOTICE } from "~/forms/flash";
import type { CookieNotice, CookieOptions } from "~/http/set-cookie";
import { LANG_COOKIE_NOTICE } from "~/i18n/cookie.server";
import { DISMISSED_COOKIE_NOTICE } from "~/layout/dismissals.server";

/**
 * Every cookie the site sets, each declared beside the code that sets it. The cookie guard keeps
 * (and clears when malformed) exactly these, and the cookie policy page lists exactly these.
 */
export const SITE_COOKIES: readonly CookieNotice[] = [
  LANG_COOKIE_NOTICE,
  DISMISSED_COOKIE_NOTICE,
  SESSION_COOKIE_NOTICE,
  DEVICE_COOKIE_NOTICE,
  FLASH_COOKIE_NOTICE,
  CHECKOUT_DRAFT_COOKIE_NOTICE,
  FEEDBACK_COOKIE_NOTICE,
];

/** The site's cookies by every name they go by, with what clearing one must repeat. */
export function guardedCookies(): Record<string, Pick<CookieOptions, "shared" | "scriptReadable">> {
  const own: Record<string, Pick<CookieOptions, "shared" | "scriptReadable">> = {};
  for (const notice of SITE_COOKIES) {
    const options = {
      ...(notice.shared ? { shared: true } : {}),
      ...(notice.scriptReadable ? { scriptReadable: true } : {}),
    };
    own[notice.names.https] = options;
    own[notice.names.http] = options;
  }
  return own;
}

/** One row of the cookie policy's table. */
export interface CookieRow {
  /** The name this site sets it under (it depends on whether the site is served over https). */
  name: string;
  purpose: string;
  maxAgeS: number;
  /** Page scripts can read it (else HttpOnly). */
  scriptReadable: boolean;
  /** Sent to the other hosts of the configured parent domain too. */
  shared: boolean;
}

/** The cookie policy's rows for a site served over https (`secure`) or not. */
export function cookieRows(secure: boolean): CookieRow[] {
  return SITE_COOKIES.map((notice) => ({
    name: secure ? notice.names.https : notice.names.http,
    purpose: notice.purpose,
    maxAgeS: notice.maxAgeS(),
    scriptReadable: notice.scriptReadable === true,
    shared: notice.shared === true,
  }));
}
