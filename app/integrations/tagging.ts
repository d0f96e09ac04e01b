import type { PublicIntegrations } from "./public";
import { trackingRefused, type PrivacySignals } from "./privacy";
import { isSpeedTestAgent } from "./speed-test";

/** A third-party script the page adds, with the attributes it carries. */
export interface TaggingScript {
  kind: "consent" | "tag-manager";
  src: string;
  attributes: Record<string, string>;
}

/** The tag manager's script for a container (`<host>/gtm.js?id=GTM-…`). */
export function tagManagerScriptUrl(host: string, id: string): string {
  return `${host.replace(/\/+$/, "")}/gtm.js?id=${encodeURIComponent(id)}`;
}

/**
 * The scripts this visitor's browser loads, in order (SPEC §7): the consent-management script
 * first, then the tag manager — each only when configured, and none at all for a visitor who
 * refuses tracking (Do-Not-Track or Global Privacy Control) or for a speed-test agent. With
 * tracking refused there is nothing to ask consent for, so the consent script stays away too.
 */
export function taggingScripts(
  integrations: PublicIntegrations,
  visitor: { userAgent: string; privacy: PrivacySignals },
): TaggingScript[] {
  if (trackingRefused(visitor.privacy) || isSpeedTestAgent(visitor.userAgent)) return [];
  const scripts: TaggingScript[] = [];
  const { consent, tagManager } = integrations;
  if (consent) scripts.push({ kind: "consent", src: consent.src, attributes: consent.attributes });
  if (tagManager) scripts.push({ kind: "tag-manager", src: tagManager.src, attributes: {} });
  return scripts;
}
