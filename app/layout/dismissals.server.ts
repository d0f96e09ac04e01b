import { readCookie } from "~/http/cookies";
import { plainCookieNotice } from "~/http/set-cookie";
import { siteCookie } from "~/http/set-cookie.server";
import {
  DISMISSED_COOKIE,
  parseDismissed,
  serializeDismissed,
  type Dismissible,
} from "./dismissals";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export const DISMISSED_COOKIE_NOTICE = plainCookieNotice(DISMISSED_COOKIE, {
  purpose: "dismissed",
  maxAgeS: ONE_YEAR_S,
  shared: true,
});

export function readDismissed(request: Request): Dismissible[] {
  return parseDismissed(readCookie(request.headers.get("cookie"), DISMISSED_COOKIE));
}

/** The closed notices for a year, shared with the configured parent domain like the language. */
export function dismissCookie(current: Dismissible[], add: Dismissible): string {
  return siteCookie(DISMISSED_COOKIE, serializeDismissed([...current, add]), {
    maxAge: ONE_YEAR_S,
    shared: true,
  });
}
