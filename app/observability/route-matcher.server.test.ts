import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
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

  it("answers every route of the build and odd paths around them without throwing", () => {
    // React Router warns about the malformed ones, which it matches undecoded.
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const routeOf = createRouteMatcher(manifest);
    for (const path of ["/%", "/%E0%A4%A", "/a%2Fb", "/x/y/z", "/features%20x"])
      expect(routeOf(path), path).toBe("page/content");
    expect(routeOf("//")).toBe("page/home");
    expect(routeOf("/DE/Search/")).toBe("page/de/search");
    for (const route of Object.values(manifest)) {
      if (!route?.path || route.path.includes("*") || route.index) continue;
      const path = `/${route.path.replace(/:[\w-]+/g, "orbitshield")}`;
      expect(routeOf(path), path).not.toBeNull();
      expect(routeOf(`${path}.data`), `${path}.data`).toBe(routeOf(path));
    }
  });
});
