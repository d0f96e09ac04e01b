import { getConfig } from "~/config/config.server";

/**
 * The public origin for absolute URLs (canonical, hreflang, og): always SITE_URL (in the sandbox
 * `http://localhost:$PORT`), never the request's Host or X-Forwarded-Host, which a visitor controls.
 */
export function siteOrigin(): string {
  return getConfig().siteUrl;
}
