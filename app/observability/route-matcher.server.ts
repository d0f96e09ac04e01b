import type { ServerBuild } from "@remix-run/node";

type Manifest = ServerBuild["routes"];

interface Branch {
  id: string;
  /** The full path, from the root: `/de/search`, `/api/:provider/*`, `/` for index routes. */
  path: string;
  score: number;
  caseSensitive: boolean;
  /** The order React Router would try equal scores in (depth first, children first). */
  order: number;
}

/** React Router's ranking of a full path: static segments outrank params, a splat comes last. */
function rank(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") score -= 2;
    else if (/^:[\w-]+$/.test(segment)) score += 3;
    else score += segment === "" ? 1 : 10;
  }
  return score;
}

function join(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, "/");
}

/** Every route that can be matched on its own, with its full path (as React Router flattens). */
function branches(manifest: Manifest): Branch[] {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  const found: Branch[] = [];
  const visit = (parentId: string | undefined, parentPath: string) => {
    for (const route of routes.filter((r) => r.parentId === parentId)) {
      const path = join(parentPath, route.path ?? "");
      visit(route.id, path);
      if (route.path === undefined && !route.index) continue;
      const full = path === "" ? "/" : path;
      found.push({
        id: route.id,
        path: full,
        score: rank(full, route.index === true),
        caseSensitive: route.caseSensitive === true,
        order: found.length,
      });
    }
  };
  visit(undefined, "");
  return found.sort((a, b) => b.score - a.score || a.order - b.order);
}

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/** A full path as a regular expression over a whole pathname (trailing slashes allowed). */
function pattern(branch: Branch): RegExp {
  const splat = branch.path.endsWith("*");
  const segments = branch.path
    .replace(/\/*\*$/, "")
    .split("/")
    .filter((segment) => segment !== "");
  const body = segments
    .map((segment) => (segment.startsWith(":") ? "/[^/]+" : `/${escape(segment)}`))
    .join("");
  const tail = splat ? (segments.length === 0 ? "(?:/.*)?$" : "(?:/.+|/*)$") : "/*$";
  return new RegExp(`^${body}${tail}`, branch.caseSensitive ? "" : "i");
}

/** The pathname as React Router compares it: each segment percent-decoded where it can be. */
function decoded(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * The Remix route id a path reaches (its deepest match), as React Router ranks the build's
 * routes, for metric labels. `matchRoutes` itself flattens, ranks and compiles every route on
 * each call (about 0.2 ms for this site's 80 routes, decision 017); here that is done once: a
 * literal path is one map look-up, the few routes with params or a splat are tried in rank order.
 * A data request (`/features.data`, `/_root.data`) counts as its page.
 * route-matcher.server.test.ts checks it agrees with React Router's `matchRoutes`.
 */
export function createRouteMatcher(manifest: Manifest): (path: string) => string | null {
  const literal = new Map<string, string>();
  const dynamic: { id: string; regex: RegExp }[] = [];
  for (const branch of branches(manifest)) {
    if (/\/[:*]/.test(branch.path) || branch.caseSensitive) {
      dynamic.push({ id: branch.id, regex: pattern(branch) });
    } else {
      const key = branch.path.toLowerCase().replace(/\/+$/, "") || "/";
      if (!literal.has(key)) literal.set(key, branch.id);
    }
  }
  return (path) => {
    let target = path;
    if (target.endsWith(".data")) {
      target = target.slice(0, -".data".length);
      if (target === "/_root") target = "/";
    }
    const pathname = decoded(target);
    const exact = literal.get(pathname.toLowerCase().replace(/\/+$/, "") || "/");
    if (exact !== undefined) return exact;
    return dynamic.find(({ regex }) => regex.test(pathname))?.id ?? null;
  };
}
