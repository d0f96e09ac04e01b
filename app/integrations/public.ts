/**
 * What the browser is told about the configured integrations (root loader data). All of it is
 * public by nature (a container id, script URLs, a DSN's public key) and the same for every
 * visitor, so a cached page may carry it. Absent when nothing is configured: pages then carry
 * nothing at all about third parties.
 */
export interface PublicIntegrations {
  tagManager?: { src: string };
  consent?: { src: string; attributes: Record<string, string> };
  errors?: PublicErrorReporting;
}

export interface PublicErrorReporting {
  dsn: string;
  environment: string;
  release?: string;
}
