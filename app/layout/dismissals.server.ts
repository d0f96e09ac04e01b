import { getConfig } from "~/config.server";
import { readCookie } from "~/http/cookies";
import {
  DISMISSED_COOKIE,
  parseDismissed,
  serializeDismissed,
  type Dismissible,
} from "./dismissals";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function readDismissed(request: Request): Dismissible[] {
  return parseDismissed(readCookie(request.headers.get("cookie"), DISMISSED_COOKIE));
}

export function dismissCookie(current: Dismissible[], add: Dismissible): string {
  const { langCookie } = getConfig();
  const parts = [
    `${DISMISSED_COOKIE}=${serializeDismissed([...current, add])}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_S}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (langCookie.domain) parts.push(`Domain=${langCookie.domain}`);
  if (langCookie.secure) parts.push("Secure");
  return parts.join("; ");
}
