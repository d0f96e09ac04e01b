import { getConfig } from "~/config/config.server";
import type { PublicIntegrations } from "./public";
import { tagManagerScriptUrl } from "./tagging";

let cached: PublicIntegrations | undefined | null = null;

/**
 * What the browser needs of the configured integrations, built once; undefined when none is
 * configured, so the page's data carries nothing about them.
 */
export function publicIntegrations(): PublicIntegrations | undefined {
  if (cached === null) {
    const { tagManager, consent, errors } = getConfig().integrations;
    const integrations: PublicIntegrations = {};
    if (tagManager) {
      integrations.tagManager = { src: tagManagerScriptUrl(tagManager.host, tagManager.id) };
    }
    if (consent) integrations.consent = { src: consent.src, attributes: consent.attributes };
    if (errors) {
      integrations.errors = { dsn: errors.dsn, environment: errors.environment };
      if (errors.release) integrations.errors.release = errors.release;
    }
    cached = Object.keys(integrations).length > 0 ? integrations : undefined;
  }
  return cached;
}
