import { siteUrlOf } from "~/http/redirects";

/** Paths a load balancer probes over plain http: answered where they are asked. */
const PROBE_PATHS: readonly string[] = ["/healthz"];

export interface HttpsRedirectInput {
  /** The public origin (SITE_URL). */
  siteUrl: string;
  method: string;
  /** The request's path, without the query. */
  path: string;
  /** The request target as received: path and query. */
  url: string;
  /**
   * The scheme a trusted proxy says the request came with (X-Forwarded-Proto read through
   * TRUST_PROXY), or null when no trusted proxy said anything: then the app cannot know.
   */
  forwardedProto: string | null;
}

/**
 * The answer to a request that reached the site over plain http when it is served over https:
 * 301 to the same path and query on SITE_URL for GET and HEAD, 308 for other methods (a client
 * that follows it sends the same method and body again, over TLS). Null when nothing is to be
 * done: an http site, no trusted word on the scheme (no redirect can ever loop on a proxy that
 * does not say), a request that came over https, or a health probe.
 */
export function httpsRedirect(
  input: HttpsRedirectInput,
): { status: 301 | 308; location: string } | null {
  if (!input.siteUrl.startsWith("https://")) return null;
  if (input.forwardedProto?.toLowerCase() !== "http") return null;
  if (PROBE_PATHS.includes(input.path)) return null;
  const status = input.method === "GET" || input.method === "HEAD" ? 301 : 308;
  return { status, location: siteUrlOf(input.siteUrl, input.url) };
}
