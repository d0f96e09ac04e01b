/**
 * Whether a POST comes from the site's own pages: its `Origin` (else its `Referer`) must be the
 * site's origin. A request with neither, or with `Origin: null` (sandboxed frames, some
 * redirects), is refused: browsers send Origin on every form post, so only forgeries lack it.
 */
export function isSameOriginPost(
  headers: { origin?: string | null; referer?: string | null },
  siteOrigin: string,
  alsoAllowed: readonly string[] = [],
): boolean {
  const allowed = (origin: string) => origin === siteOrigin || alsoAllowed.includes(origin);
  if (headers.origin) return allowed(headers.origin.trim().toLowerCase());
  if (headers.referer) {
    try {
      return allowed(new URL(headers.referer).origin);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * In the sandbox the site answers on every loopback name: a developer may open 127.0.0.1 while
 * SITE_URL says localhost.
 */
export function loopbackAliases(siteOrigin: string): string[] {
  const url = new URL(siteOrigin);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return [];
  const port = url.port ? `:${url.port}` : "";
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `${url.protocol}//${host}${port}`);
}
