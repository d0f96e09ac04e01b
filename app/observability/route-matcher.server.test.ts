import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createRouteMatcher } from "./route-matcher.server";

/** The site's real route manifest, from the production build (made by the test set-up). */
let manifest: ServerBuild["routes"];
beforeAll(async () => {
  const build = (await import(
    /* @vite-ignore */ pathToFileURL(`${process.cwd()}/build/server/index.js`).href
  )) as ServerBuild;
  manifest = build.routes;
}, 60_000);

/** React Router's own answer: the manifest as nested routes, matched by `matchRoutes`. */
function reference(routes: ServerBuild["routes"]) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    // As Remix hands them to the router: an index route keeps its path (`de` for /de).
    list.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    byParent.set(route.parentId, list);
  }
  const nest = (list: RouteObject[]): RouteObject[] =>
    list.map((route) =>
      byParent.has(route.id) && !route.index
        ? { ...route, children: nest(byParent.get(route.id)!) }
        : route,
    );
  const tree = nest(byParent.get(undefined) ?? []);
  return (path: string) => matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
}

describe("the Remix route a path reaches", () => {
  it.each([
    ["/", "page/home"],
    ["/de", "page/de/home"],
    ["/search", "page/search"],
    ["/jp/search", "page/jp/search"],
    ["/order/checkout", "page/order-checkout"],
    ["/features", "page/content"],
    ["/features/search", "page/content"],
    ["/de/features", "page/de/content"],
    ["/robots.txt", "routes/robots[.]txt"],
    ["/features.data", "page/content"],
    ["/_root.data", "page/home"],
    ["/de/search.data", "page/de/search"],
  ])("%s → %s", (path, id) => {
    expect(createRouteMatcher(manifest)(path)).toBe(id);
  });

  it("agrees with React Router on every route and on odd paths around them", () => {
    // React Router warns about the malformed ones, which it matches undecoded (as we do).
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const ours = createRouteMatcher(manifest);
    const theirs = reference(manifest);
    const paths = new Set<string>([
      "/",
      "//",
      "/%",
      "/%E0%A4%A",
      "/a%2Fb",
      "/DE/Search/",
      "/x/y/z",
    ]);
    for (const route of Object.values(manifest)) {
      const path = `/${(route?.path ?? "").replace(/:[\w-]+/g, "orbitshield").replace(/\*$/, "")}`;
      for (const variant of [
        path,
        `${path}/`,
        `${path}//`,
        path.toUpperCase(),
        `${path}/more/segments`,
        `/de${path}`,
        `/xx${path}`,
        path.replace(/\/$/, "") + "%20x",
        `${path}.data`,
      ]) {
        paths.add(variant.replace(/^\/\//, "/"));
      }
    }
    expect(paths.size).toBeGreaterThan(200);
    for (const path of paths) {
      const target = path.endsWith(".data")
        ? path.slice(0, -5) === "/_root"
          ? "/"
          : path.slice(0, -5)
        : path;
      expect(ours(path), path).toBe(theirs(target));
    }
  });
});
