/**
 * Third parties that only some pages load. A route names those its page loads in its `handle`
 * (`loads: ["wallet"]`), and that page's Content-Security-Policy — and no other answer's — names
 * their hosts (integrations.ts: `pageIntegrationCsp`).
 */
export const PAGE_INTEGRATIONS = ["wallet"] as const;

/** `wallet`: the Amazon Pay checkout script on the wallet page (/amazon/payment). */
export type PageIntegration = (typeof PAGE_INTEGRATIONS)[number];

/** What a route's `handle` says its page loads. */
export interface LoadsHandle {
  loads: readonly PageIntegration[];
}

function isPageIntegration(value: unknown): value is PageIntegration {
  return (PAGE_INTEGRATIONS as readonly unknown[]).includes(value);
}

/** The page integrations the matched routes' handles name, each once, in their order. */
export function pageIntegrationsOf(handles: readonly unknown[]): PageIntegration[] {
  const named = new Set<PageIntegration>();
  for (const handle of handles) {
    if (!handle || typeof handle !== "object" || !("loads" in handle)) continue;
    const loads = (handle as { loads: unknown }).loads;
    if (!Array.isArray(loads)) continue;
    for (const name of loads) if (isPageIntegration(name)) named.add(name);
  }
  return [...named];
}
