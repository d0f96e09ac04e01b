import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";

export type SiteInstance = CompiledSite & { name: string };

/**
 * Starts one compiled production instance (`node build/server.js`) logging at `info`, and waits
 * until /healthz answers: generous, a slow machine takes seconds to start Node and the build.
 */
export async function startSite(name: string, env: Record<string, string>): Promise<SiteInstance> {
  const site = await startCompiledSite(
    { LOG_LEVEL: "info", ...env },
    { name, healthTimeoutMs: 90_000 },
  );
  return { ...site, name };
}
