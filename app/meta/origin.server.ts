import { getConfig } from "~/config.server";

/** The public origin for absolute URLs (canonical, hreflang, og): SITE_URL, else the request's. */
export function siteOrigin(request: Request): string {
  return getConfig().siteUrl ?? new URL(request.url).origin;
}
