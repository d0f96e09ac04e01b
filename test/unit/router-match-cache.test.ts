import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  createMemoryHistory,
  createRouter,
  matchPath,
  matchRoutes,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+*.patch (decision 020): the server's copy of React Router's matcher
 * flattens and ranks a route array once, and compiles each route path once, instead of on every
 * match. What it must not change: which route a path reaches.
 */
describe("route matching with the flattened routes and compiled paths kept", () => {
  it("is the copy the server loads (patch-package ran after the install)", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    const source = readFileSync(file, "utf8");
    expect(source).toContain("function rankedBranchesOf(routes)");
    expect(source).toContain("compiledPaths.get(key)");
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
