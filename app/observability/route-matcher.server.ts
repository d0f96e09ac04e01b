import type { ServerBuild } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested routes React Router matches. */
function routeTree(manifest: Manifest): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: attach(below) } : route;
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * The Remix route id a path reaches (the deepest match), as Remix itself matches it, for metric
 * labels. A data request (`/features.data`, `/_root.data`) counts as its page. Answers are
 * remembered per path (a bounded LRU), so a page costs one match, not one per request.
 */
export function createRouteMatcher(manifest: Manifest): (path: string) => string | null {
  const routes = routeTree(manifest);
  const memo = new LRUCache<string, { id: string | null }>({ max: 2000 });
  return (path) => {
    const known = memo.get(path);
    if (known) return known.id;
    let target = path;
    if (target.endsWith(".data")) {
      target = target.slice(0, -".data".length);
      if (target === "/_root") target = "/";
    }
    const matches = matchRoutes(routes, target);
    const id = matches?.at(-1)?.route.id ?? null;
    memo.set(path, { id });
    return id;
  };
}
