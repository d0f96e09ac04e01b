import { getConfig } from "~/config/config.server";
import { clearCookieHeader, setCookieHeader, type CookieOptions } from "./set-cookie";

/** A `Set-Cookie` value for one of the site's cookies, with the configured Secure and domain. */
export function siteCookie(name: string, value: string, options: CookieOptions): string {
  return setCookieHeader(name, value, options, getConfig().cookies);
}

/** The `Set-Cookie` value that deletes one of the site's cookies. */
export function clearSiteCookie(
  name: string,
  options: Pick<CookieOptions, "shared" | "scriptReadable" | "sameSite"> = {},
): string {
  return clearCookieHeader(name, options, getConfig().cookies);
}
