import { readCookie } from "~/http/cookies";
import { FLASH_COOKIE, parseFlash, type Flash } from "./flash";

/** The one-time result a request carries (its flash cookie), if it names one of the site's. */
export function readFlash(request: Request): Flash | null {
  return parseFlash(readCookie(request.headers.get("cookie"), FLASH_COOKIE));
}
