import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createRouteMatcher } from "~/observability/route-matcher.server";

// React Router's own matcher, counted.
vi.mock("@remix-run/router", async (importOriginal) => {
  const router = await importOriginal<typeof import("@remix-run/router")>();
  return { ...router, matchRoutes: vi.fn(router.matchRoutes) };
});

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

describe("the answers a matcher keeps", () => {
  const matched = vi.mocked(matchRoutes);
  beforeEach(() => {
    matched.mockClear();
  });

  it("matches a path once and answers it again from memory", () => {
    const routeOf = createRouteMatcher(manifest);
    for (let round = 0; round < 3; round++) {
      expect(routeOf("/de/search")).toBe("page/de/search");
      expect(routeOf("/features/search")).toBe("page/content");
      expect(routeOf("/features/search.data")).toBe("page/content");
    }
    expect(matched).toHaveBeenCalledTimes(3);
  });

  it("keeps at most 2,000 paths, dropping the oldest, and none longer than 256 characters", () => {
    const routeOf = createRouteMatcher(manifest);
    for (let i = 0; i <= 2_000; i++) expect(routeOf(`/guides/${i}`)).toBe("page/content");
    expect(matched).toHaveBeenCalledTimes(2_001);
    routeOf("/guides/2000");
    routeOf("/guides/1");
    expect(matched).toHaveBeenCalledTimes(2_001);
    expect(routeOf("/guides/0")).toBe("page/content");
    expect(matched).toHaveBeenCalledTimes(2_002);

    const long = `/${"a".repeat(256)}`;
    expect(routeOf(long)).toBe("page/content");
    expect(routeOf(long)).toBe("page/content");
    expect(matched).toHaveBeenCalledTimes(2_004);
  }, 120_000);
});
