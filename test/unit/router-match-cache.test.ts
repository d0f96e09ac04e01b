import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  createMemoryHistory,
  createRouter,
  matchPath,
  matchRoutes,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@remix-run/route-config";
// The package's ES module build, which the patch leaves alone: the reference.
import * as unpatched from "@remix-run/router/dist/router.js";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+*.patch (decision 020): the server's copy of React Router's matcher
 * flattens and ranks a route array once, compiles each route path once, and tries only the
 * branches a path's first segment can reach, instead of every branch on every match. What it must
 * not change: which route a path reaches, with which params.
 */
describe("route matching with the flattened routes and compiled paths kept", () => {
  it("is the copy the server loads (patch-package ran after the install)", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    const source = readFileSync(file, "utf8");
    expect(source).toContain("function rankedBranchesOf(routes)");
    expect(source).toContain("compiledPaths.get(key)");
    expect(source).toContain("function candidateBranches(ranked, pathname)");
    const require = createRequire(import.meta.url);
    const remix = readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(remix).toContain("serverRoutesOf(manifest.routes, routeModules");
    const staticRouter = readFileSync(require.resolve("react-router-dom/server.js"), "utf8");
    expect(staticRouter).toContain("staticDataRoutes.get(routes)");
  });

  const routes: AgnosticRouteObject[] = [
    { id: "home", index: true },
    { id: "search", path: "search" },
    { id: "de/search", path: "de/search" },
    { id: "user", path: "users/:id" },
    { id: "content", path: "*" },
  ];
  const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

  it("answers the same on every call with the same array", () => {
    for (let round = 0; round < 3; round++) {
      expect(leaf("/")).toBe("home");
      expect(leaf("/search")).toBe("search");
      expect(leaf("/de/search")).toBe("de/search");
      expect(leaf("/features/search")).toBe("content");
      expect(matchRoutes(routes, "/users/7")?.at(-1)?.params).toEqual({ id: "7" });
    }
  });

  it("keeps case-sensitive and prefix matchers of one path apart", () => {
    expect(matchPath({ path: "/Docs", caseSensitive: true, end: true }, "/docs")).toBeNull();
    expect(matchPath({ path: "/Docs", caseSensitive: false, end: true }, "/docs")).not.toBeNull();
    expect(matchPath({ path: "/Docs", caseSensitive: true, end: true }, "/Docs")).not.toBeNull();
    expect(matchPath({ path: "/docs", end: true }, "/docs/more")).toBeNull();
    expect(matchPath({ path: "/docs", end: false }, "/docs/more")?.pathnameBase).toBe("/docs");
    expect(matchPath({ path: "/docs", end: true }, "/docs/more")).toBeNull();
  });

  it("matches a route array afresh once lazy discovery has added routes to it", async () => {
    const router = createRouter({
      history: createMemoryHistory({ initialEntries: ["/"] }),
      routes: [{ id: "home", path: "/" }],
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/late") patch(null, [{ id: "late", path: "late" }]);
      },
    }).initialize();
    // Ranked once without the route…
    expect(matchRoutes(router.routes, "/late")).toBeNull();
    await router.navigate("/late");
    // …and the router's own patch dropped that ranking.
    expect(router.state.matches.at(-1)?.route.id).toBe("late");
    expect(matchRoutes(router.routes, "/late")?.at(-1)?.route.id).toBe("late");
    router.dispose();
  });
});

const referenceMatchRoutes = (unpatched as unknown as typeof import("@remix-run/router"))
  .matchRoutes;

/** A match as the site uses it: each level's route, params and matched part of the path. */
function described(matches: ReturnType<typeof matchRoutes>) {
  return matches?.map((m) => ({
    id: m.route.id,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }));
}

describe("the first-segment candidates agree with matching every branch", () => {
  let tree: AgnosticRouteObject[];
  let paths: string[];

  beforeAll(async () => {
    // What the Remix plugin sets before it runs app/routes.ts (fs-routes reads it).
    Reflect.set(
      globalThis,
      "__remixAppDirectory",
      fileURLToPath(new URL("../../app/", import.meta.url)),
    );
    const config: RouteConfigEntry[] = await (await import("~/routes")).default;
    // The site's route tree as the server matches it: every route under the root layout.
    tree = [
      {
        id: "root",
        path: "",
        children: config.map((r) => ({
          id: r.id!,
          path: r.path,
          index: r.index,
          caseSensitive: r.caseSensitive,
        })),
      },
    ];
    const routePaths = config.map(
      (r) => `/${(r.path ?? "").replace(/:\w+/g, "x").replace("*", "any/thing")}`,
    );
    const odd = [
      "/",
      "",
      "//",
      "///de",
      "/DE/Search",
      "/de//search",
      "/de/search/",
      "/Blog/Passkeys",
      "/%2Fblog",
      "/blog%2Fx",
      "/%C3%BCber",
      "/über/uns",
      "/\u212Aeys",
      "/\u0130",
      "/x?y=1",
      "/#top",
      "/de/../pricing",
      "/./pricing",
      "/api/ap/x",
      "/locales/en",
      "/action/set-language",
      "/site.webmanifest",
      "/SITE.webmanifest",
      "/robots.txt",
      "relative/path",
      "/a".repeat(40),
    ];
    // And paths put together from the routes' own segments, at random (a fixed seed).
    const segments = [...new Set(routePaths.flatMap((p) => p.split("/")))];
    segments.push("", "X", "%20", "ü", "..", ".");
    let seed = 12345;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return segments[seed % segments.length]!;
    };
    const random = Array.from({ length: 2000 }, (_, n) => {
      const parts = Array.from({ length: 1 + (n % 4) }, pick);
      const path = `/${parts.join("/")}`;
      return n % 3 === 0 ? path.toUpperCase() : path;
    });
    paths = [
      ...routePaths,
      ...routePaths.map((p) => p.toUpperCase()),
      ...routePaths.map((p) => `${p}/extra`),
      ...odd,
      ...random,
    ];
  });

  it("reaches the same routes with the same params for the site's paths and odd ones", () => {
    expect(paths.length).toBeGreaterThan(2000);
    for (const path of paths) {
      expect(described(matchRoutes(tree, path)), path).toEqual(
        described(referenceMatchRoutes(tree, path)),
      );
    }
  });

  it("agrees under a basename and with case-sensitive and dynamic first segments", () => {
    const routes: AgnosticRouteObject[] = [
      { id: "docs", path: "Docs/:page", caseSensitive: true },
      { id: "lower-docs", path: "docs/:page" },
      { id: "user", path: ":user/profile" },
      { id: "files", path: "files/*" },
      { id: "dotted", path: "v1.2/notes" },
      { id: "index", index: true },
      { id: "rest", path: "*" },
    ];
    const cases = [
      "/Docs/a",
      "/docs/a",
      "/DOCS/a",
      "/ann/profile",
      "/files/a/b",
      "/FILES",
      "/v1.2/notes",
      "/V1.2/NOTES",
      "/",
      "/nothing/here",
      "/app/Docs/a",
      "/app/ann/profile",
    ];
    for (const path of cases) {
      expect(described(matchRoutes(routes, path)), path).toEqual(
        described(referenceMatchRoutes(routes, path)),
      );
      expect(described(matchRoutes(routes, path, "/app")), path).toEqual(
        described(referenceMatchRoutes(routes, path, "/app")),
      );
    }
  });
});

describe("the static router's data routes, made once per route array", () => {
  // The CommonJS build, which Remix's server entry requires (and the patch changes).
  const { createStaticHandler, createStaticRouter } = createRequire(import.meta.url)(
    "react-router-dom/server",
  ) as typeof import("react-router-dom/server");
  it("shares them between renders and still gives each render its own matches", async () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "blog", path: "blog/:slug" },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const contextFor = async (path: string) => {
      const context = await handler.query(new Request(`http://site.test${path}`));
      if (context instanceof Response) throw new Error("no context");
      return context;
    };
    const first = createStaticRouter(routes, await contextFor("/"));
    const second = createStaticRouter(routes, await contextFor("/blog/hello"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    expect(second.state.matches.map((m) => [m.route.id, m.params])).toEqual([
      ["root", { slug: "hello" }],
      ["blog", { slug: "hello" }],
    ]);
    // The matches point at the shared data routes, as without the patch.
    expect(second.state.matches[1]!.route).toBe(second.routes[0]!.children![1]);
    // Another route array gets data routes of its own.
    const other = createStaticRouter([...routes], await contextFor("/"));
    expect(other.routes).not.toBe(first.routes);
  });
});
