import { canonicalPath } from "~/http/canonical-path";

const BASE = "http://site.invalid";

/**
 * `target` as a path on this site, or null when it could lead anywhere else: absolute and
 * protocol-relative URLs, backslash tricks, control characters, and dot segments that a browser
 * would resolve into `//host` are all refused. The path comes back in its canonical spelling
 * (app/http/canonical-path.ts: decoded, case-folded), the one every rule judges: a caller that
 * refuses `/action/…` refuses `/%61ction/…` and `/ACTION/…` too.
 */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== "string" || !target.startsWith("/")) return null;
  if (target.startsWith("//") || target.startsWith("/\\")) return null;
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
    const path = canonicalPath(url.pathname);
    return path === null ? null : path + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * The one helper every redirect goes through: `target` when it is a path on this site, else
 * `fallback`, so no redirect ever leaves the site.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  return sameSitePath(target) ?? fallback;
}

/**
 * `target` as an absolute URL on the public origin (SITE_URL), through the same check: a path
 * that could lead elsewhere becomes `fallback`. For answers that must name the scheme (the
 * redirect from http to https).
 */
export function siteUrlOf(siteUrl: string, target: unknown, fallback = "/"): string {
  return new URL(siteUrl).origin + safeRedirectPath(target, fallback);
}
