import { withoutUnknownPrefix } from "~/i18n/paths";
import { sameSitePath } from "~/security/redirects";

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
 * Duplicate slashes collapsed, dot segments resolved, and a page's trailing slash dropped (the
 * `/api/` hand-off paths mirror the upstream's, which end in a slash).
 */
function canonicalPath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, "/");
  const keepSlash = collapsed.startsWith("/api/");
  const trimmed = collapsed.length > 1 && !keepSlash ? collapsed.replace(/\/$/, "") : collapsed;
  if (!/(^|\/)\.{1,2}(\/|$)/.test(trimmed)) return trimmed;
  const out: string[] = [];
  for (const segment of trimmed.split("/").slice(1)) {
    if (segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  return `/${out.join("/")}`;
}

/**
 * What to do with a request before it reaches the app, judged on the raw request line alone:
 * only origin-form targets (`/path?query`) of bounded size and the methods the site answers
 * are let through; a path with duplicate or trailing slashes or dot segments, or a junk
 * language prefix (`/zz/features`, paths.ts), is redirected to its canonical form in one hop,
 * query kept — through the same-site helper, so `//evil.com/` becomes `/evil.com`. Being judged
 * here, before the page cache, a junk prefix never becomes a stored page of its own.
 */
export function checkRequestTarget(method: string, url: string): TargetVerdict {
  if (!url.startsWith("/")) return { kind: "reject", status: 400 };
  if (url.length > TARGET_LIMITS.maxUrlLength) return { kind: "reject", status: 414 };
  const { path, query } = pathOf(url);
  if (path.length > TARGET_LIMITS.maxPathLength) return { kind: "reject", status: 414 };
  if (!isBoundedPath(path)) return { kind: "reject", status: 404 };
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) return { kind: "reject", status: 400 };
  try {
    decodeURIComponent(path);
  } catch {
    return { kind: "reject", status: 400 };
  }
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { kind: "reject", status: 405 };
  }
  const canonical = canonicalPath(path);
  const target = withoutUnknownPrefix(canonical) ?? canonical;
  if (target === path) return { kind: "ok" };
  if (method !== "GET" && method !== "HEAD") return { kind: "reject", status: 404 };
  const location = sameSitePath(target + query);
  return location ? { kind: "redirect", location } : { kind: "reject", status: 404 };
}
