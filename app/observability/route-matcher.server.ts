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

/** How many paths' answers a matcher keeps, and the longest path it keeps one for. */
const REMEMBERED_PATHS = 2_000;
const REMEMBERED_PATH_LENGTH = 256;

/**
 * The Remix route id a path reaches (its deepest match), for metric labels: React Router's own
 * `matchRoutes` over the build's routes, nested once here. React Router 6 flattens and ranks the
 * whole route tree (all of the site's ~122 routes) again on every call, so the answers are
 * kept per path: at most 2,000 paths of at most 256 characters, the oldest dropped first, so
 * visitors' made-up paths cannot grow it. A data request (`/features.data`, `/_root.data`)
 * counts as its page.
 */
export function createRouteMatcher(manifest: Manifest): (path: string) => string | null {
  const routes = routeTree(manifest);
  const answers = new Map<string, string | null>();
  const match = (path: string): string | null => {
    let target = path;
    if (target.endsWith(".data")) {
      target = target.slice(0, -".data".length);
      if (target === "/_root") target = "/";
    }
    return matchRoutes(routes, target)?.at(-1)?.route.id ?? null;
  };
  return (path) => {
    const known = answers.get(path);
    if (known !== undefined) return known;
    const answer = match(path);
    if (path.length <= REMEMBERED_PATH_LENGTH) {
      if (answers.size >= REMEMBERED_PATHS) answers.delete(answers.keys().next().value!);
      answers.set(path, answer);
    }
    return answer;
  };
}
