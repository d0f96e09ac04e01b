import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";

export { freePort } from "../../support/compiled-site";

export type Started = CompiledSite;

/**
 * The compiled production server with the sandbox upstream, logging at `info` (the start-up and
 * shut-down tests read its log lines); `env` adds to or overrides its environment.
 */
export function startCompiledServer(env: Record<string, string> = {}): Promise<Started> {
  return startCompiledSite({ SANDBOX: "1", LOG_LEVEL: "info", ...env });
}
