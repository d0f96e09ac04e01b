import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_COOKIES } from "~/legal/site-cookies.server";
import { startCompiledServer, type Started } from "../support/compiled-server";

/**
 * The compiled server as production runs it, read from outside: one spelling of
 * every path before anything acts on it, and no shared answer that sets or clears a cookie.
 */
describe("one reading of each request", { retry: 2, timeout: 60_000 }, () => {
  let server: Started;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      redirect: "manual",
      headers: { Accept: "text/html", ...headers },
    });
  beforeAll(async () => {
    server = await startCompiledServer();
  }, 60_000);
  afterAll(() => {
    server?.child.kill("SIGKILL");
  });

  it.each([
    ["/SEARCH", "/search"],
    ["/Search?q=vault", "/search?q=vault"],
    ["/se%61rch", "/search"],
    ["/d%65/search", "/de/search"],
    ["/DE/Features", "/de/features"],
    ["/payment-st%61tus?order=x", "/payment-status?order=x"],
    [
      "/%61pi/orbitshield/firewall-download/?platform=windows",
      "/api/orbitshield/firewall-download/?platform=windows",
    ],
    ["/%61ction/vault", "/action/vault"],
    ["/HEALTHZ", "/healthz"],
    ["/Assets/x.js", "/assets/x.js"],
  ])("answers %j with one 301 to %j, before any limit, mount or cache", async (path, to) => {
    const answer = await get(path);
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe(to);
    // The canonical path is final.
    const there = await get(to);
    expect(there.status).not.toBe(301);
  });

  it("answers every other spelling of a page with the one redirect, never the page", async () => {
    const first = await get("/de/search");
    expect(first.status).toBe(200);
    for (let mask = 1; mask < 64; mask++) {
      const spelled = [..."search"]
        .map((c, i) =>
          mask & (1 << i) ? (i % 2 ? `%${c.charCodeAt(0).toString(16)}` : c.toUpperCase()) : c,
        )
        .join("");
      const answer = await get(`/de/${spelled}`);
      expect(answer.status, spelled).toBe(301);
      expect(answer.headers.get("location")).toBe("/de/search");
    }
  });

  it("serves the built files under their one (lower-case) name", async () => {
    const html = await (await get("/")).text();
    const assets = [...html.matchAll(/\/assets\/[^"'\s)]+/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of new Set(assets)) {
      expect(asset, asset).toBe(asset.toLowerCase());
      const answer = await get(asset);
      expect(answer.status, asset).toBe(200);
    }
  });

  const names = SITE_COOKIES.flatMap((notice) => [notice.names.http]);
  it.each(names)(
    "answers a page whose malformed %s cookie it clears private, no-store",
    async (name) => {
      for (const path of ["/", "/features", "/de/pricing", "/nothing-here"]) {
        const answer = await get(path, { Cookie: `${name}=%E0` });
        expect(answer.headers.get("set-cookie"), path).toContain(`${name}=;`);
        expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
      }
    },
  );
});
