import type { ServerBuild } from "@remix-run/node";
import {
  matchRoutes,
  type AgnosticNonIndexRouteObject,
  type AgnosticRouteObject,
} from "@remix-run/router";

type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested routes React Router matches. */
function routeTree(manifest: Manifest): AgnosticRouteObject[] {
  const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    // As Remix hands them to the router: an index route keeps its path (`de` for /de).
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    byParent.set(route.parentId, siblings);
  }
  const nest = (routes: AgnosticRouteObject[]): AgnosticRouteObject[] =>
    routes.map((route): AgnosticRouteObject => {
      const children = route.index ? undefined : byParent.get(route.id);
      if (!children) return route;
      const parent: AgnosticNonIndexRouteObject = { ...route, index: false };
      return { ...parent, children: nest(children) };
    });
  return nest(byParent.get(undefined) ?? []);
}

/**
 * The Remix route id a path reaches (its deepest match), for metric labels: React Router's own
 * `matchRoutes` over the build's routes, nested once here. The one route array is flattened and
 * ranked on its first match only (decision 020's patch caches that per array), so a call costs
 * the regex tests. A data request (`/features.data`, `/_root.data`) counts as its page.
 */
export function createRouteMatcher(manifest: Manifest): (path: string) => string | null {
  const routes = routeTree(manifest);
  return (path) => {
    let target = path;
    if (target.endsWith(".data")) {
      target = target.slice(0, -".data".length);
      if (target === "/_root") target = "/";
    }
    return matchRoutes(routes, target)?.at(-1)?.route.id ?? null;
  };
}
