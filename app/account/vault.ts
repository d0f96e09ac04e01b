/** Where the web vault's sign-in link leads through the server when the session holds an id. */
export const VAULT_HANDOFF_PATH = "/action/vault";

/** The web vault URL, carrying the session id when one is known (SPEC §3). */
export function webVaultHref(webVaultUrl: string, sessionId: string | null): string {
  return sessionId ? `${webVaultUrl}?session=${encodeURIComponent(sessionId)}` : webVaultUrl;
}
