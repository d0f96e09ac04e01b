import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config/config.server";
import { readCookie } from "~/http/cookies";
import type { CookieNotice } from "~/http/set-cookie";
import { siteCookie } from "~/http/set-cookie.server";

/**
 * A browser an account signed in from before (decision 022): after a sign-in that worked, the
 * browser keeps a signed note of the account (its keyed hash, never the e-mail) and a random id.
 * A sign-in from such a browser counts its failures on that browser alone, and never meets the
 * account's new-browser limit: a stranger failing on an account from many addresses cannot lock
 * its owner out of the browsers the owner signs in from. The note opens nothing by itself.
 */

/** The cookie's name: `__Host-` on an https site (Secure, host-only, Path=/). */
export const DEVICE_COOKIES = { https: "__Host-kn_device", http: "kn_device" } as const;
/** A browser is remembered for a year after its last sign-in. */
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const DEVICE_COOKIE_NOTICE: CookieNotice = {
  names: DEVICE_COOKIES,
  purpose: "device",
  maxAgeS: () => DEVICE_MAX_AGE_S,
};

const VALUE = /^v1\.([0-9a-f]{32})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;

let cached: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = getConfig().sessionSecret;
  if (cached?.secret !== secret) {
    cached = { secret, key: createHmac("sha256", secret).update("known browser v1").digest() };
  }
  return cached.key;
}

const sign = (account: string, id: string) =>
  createHmac("sha256", key()).update(`${account}.${id}`).digest("base64url");

function deviceCookieName(): string {
  return getConfig().cookies.secure ? DEVICE_COOKIES.https : DEVICE_COOKIES.http;
}

/** Set-Cookie remembering this browser for `account` (a new id on every sign-in). */
export function deviceCookie(account: string): string {
  const id = randomBytes(8).toString("hex");
  return siteCookie(deviceCookieName(), `v1.${account}.${id}.${sign(account, id)}`, {
    maxAge: DEVICE_MAX_AGE_S,
  });
}

/** The browser's id when it signed in to `account` before (its note holds), else null. */
export function knownDevice(request: Request, account: string): string | null {
  const value = readCookie(request.headers.get("cookie"), deviceCookieName());
  const match = value ? VALUE.exec(value) : null;
  if (!match || match[1] !== account) return null;
  const [, , id, signature] = match;
  const expected = Buffer.from(sign(account, id!));
  const given = Buffer.from(signature!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id! : null;
}
