import { canonicalPath } from "~/http/canonical-path";
import { withoutUnknownPrefix } from "~/i18n/paths";
import { sameSitePath } from "~/http/redirects";

/** Bounds checked before any routing work, so a crafted URL costs microseconds, not seconds. */
export const TARGET_LIMITS = {
  /** The whole request target, query included (Remix's route discovery sends up to ~7.7 KB). */
  maxUrlLength: 8192,
  /** The path alone; no page of the site comes close. */
  maxPathLength: 1024,
  maxSegments: 24,
} as const;

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export type TargetVerdict =
  | { kind: "ok" }
  | { kind: "redirect"; location: string }
  | { kind: "reject"; status: 400 | 404 | 405 | 414 };

function pathOf(url: string): { path: string; query: string } {
  const q = url.indexOf("?");
  return q === -1 ? { path: url, query: "" } : { path: url.slice(0, q), query: url.slice(q) };
}

/** Whether a path is one the site would serve: bounded in length and depth. */
export function isBoundedPath(path: string): boolean {
  if (path.length > TARGET_LIMITS.maxPathLength) return false;
  let segments = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) segments++;
  return segments <= TARGET_LIMITS.maxSegments;
}

/**
 * What to do with a request before anything else reads it, judged on the raw request line alone:
 * only origin-form targets (`/path?query`) of bounded size and the methods the site answers
 * are let through; any spelling of a path but its canonical one (app/http/canonical-path.ts:
 * decoded, case-folded, no duplicate or trailing slash, no dot segment), or a junk language
 * prefix (`/zz/features`, paths.ts), is redirected to the canonical path in one hop, query kept —
 * through the same-site helper, so `//evil.com/` becomes `/evil.com`. From here on every limit,
 * mount, cache key, route and redirect rule reads that one path: `/payment-st%61tus` and
 * `/SEARCH` are never requests of their own. A POST to another spelling is a 404.
 */
export function checkRequestTarget(method: string, url: string): TargetVerdict {
  if (!url.startsWith("/")) return { kind: "reject", status: 400 };
  if (url.length > TARGET_LIMITS.maxUrlLength) return { kind: "reject", status: 414 };
  const { path, query } = pathOf(url);
  if (path.length > TARGET_LIMITS.maxPathLength) return { kind: "reject", status: 414 };
  if (!isBoundedPath(path)) return { kind: "reject", status: 404 };
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) return { kind: "reject", status: 400 };
  // A browser reads a raw backslash as a slash: such a path is nobody's link.
  if (path.includes("\\")) return { kind: "reject", status: 404 };
  const canonical = canonicalPath(path);
  if (canonical === null) return { kind: "reject", status: 400 };
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { kind: "reject", status: 405 };
  }
  const target = withoutUnknownPrefix(canonical) ?? canonical;
  if (target === path) return { kind: "ok" };
  if (method !== "GET" && method !== "HEAD") return { kind: "reject", status: 404 };
  const location = sameSitePath(target + query);
  return location ? { kind: "redirect", location } : { kind: "reject", status: 404 };
}
