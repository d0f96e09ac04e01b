import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "./route-matcher.server";

/** The shape of the site's manifest: the root, pages in two languages, file routes. */
const ROUTES = [
  { id: "root", path: "" },
  { id: "page/home", parentId: "root", index: true },
  { id: "page/de/home", parentId: "root", path: "de", index: true },
  { id: "page/search", parentId: "root", path: "search" },
  { id: "page/de/search", parentId: "root", path: "de/search" },
  { id: "page/order-checkout", parentId: "root", path: "order/checkout" },
  { id: "page/content", parentId: "root", path: "*" },
  { id: "page/de/content", parentId: "root", path: "de/*" },
  { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
  { id: "routes/api.$provider.$", parentId: "root", path: "api/:provider/*" },
] as const;

const manifest = Object.fromEntries(
  ROUTES.map((route) => [route.id, { ...route, module: {} }]),
) as unknown as ServerBuild["routes"];

describe("the Remix route a path reaches", () => {
  const routeOf = createRouteMatcher(manifest);

  it.each([
    ["/", "page/home"],
    ["/de", "page/de/home"],
    ["/search", "page/search"],
    ["/de/search", "page/de/search"],
    ["/order/checkout", "page/order-checkout"],
    ["/features", "page/content"],
    ["/features/search", "page/content"],
    ["/de/features", "page/de/content"],
    ["/robots.txt", "routes/robots[.]txt"],
    ["/api/orbitshield/geo-ip", "routes/api.$provider.$"],
    ["/features.data", "page/content"],
    ["/_root.data", "page/home"],
    ["/de/search.data", "page/de/search"],
  ])("%s → %s", (path, id) => {
    expect(routeOf(path)).toBe(id);
  });

  it("answers the same path again from memory, and stays bounded for endless paths", () => {
    for (let i = 0; i < 5_000; i++) routeOf(`/random-${i}`);
    expect(routeOf("/random-4999")).toBe("page/content");
    expect(routeOf("/search")).toBe("page/search");
  });

  it("is null when nothing matches", () => {
    const bare = createRouteMatcher({
      root: { id: "root", path: "", module: {} },
      "page/search": { id: "page/search", parentId: "root", path: "search", module: {} },
    } as unknown as ServerBuild["routes"]);
    expect(bare("/elsewhere")).toBeNull();
  });
});
