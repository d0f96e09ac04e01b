/**
 * Returns `target` when it is a path on this site, else `fallback`. Rejects absolute and
 * protocol-relative URLs, backslash tricks and control characters, so no redirect leaves the site.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    // Dot segments can turn `/..//host` into `//host` once resolved: check what a browser would see.
    if (url.origin !== "http://site.invalid" || url.pathname.startsWith("//")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
