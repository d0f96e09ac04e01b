import { now } from "~/config/clock.server";
import { getConfig } from "~/config/config.server";
import { securityTxt } from "~/security/security-txt";
import { siteOrigin } from "~/config/origin.server";

/** `/.well-known/security.txt` (RFC 9116): where and how to report a vulnerability. */
export function loader() {
  return new Response(securityTxt(siteOrigin(), getConfig().securityTxt, now()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
