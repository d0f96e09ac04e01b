import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/i18n/resources.server";
import { loaderArgs, returned, setupSandboxUpstream } from "../support/remix";
import { searchLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

/**
 * The search page's loader answers both the page and its `.data` request (Remix's single fetch),
 * in every language: each search that would ask the search service counts once on the visitor's
 * address, 60 a minute; past that the page says why, 429 with Retry-After, never stored.
 */
function search(clientIp: string, path: string) {
  return returned(searchLoader(loaderArgs(path, { context: { clientIp } })));
}

describe("the search page's limit per address", () => {
  it("answers 60 searches a minute from one address, the 61st with the localized 429 page", async () => {
    const ip = "192.0.2.160";
    for (let i = 0; i < 60; i++) {
      const path = i % 3 === 0 ? `/de/search?q=vault+${i}` : `/search?q=vault+${i}&page=1`;
      expect((await search(ip, path)).status, path).toBe(200);
    }
    expect(upstream.calls("/coms/pages-search-v2/")).toHaveLength(60);

    const refused = await search(ip, "/search?q=vault+60");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(refused.data).toMatchObject({
      query: "vault 60",
      results: null,
      problem: "tooMany",
      notice: MESSAGES.en.searchResults.tooMany,
    });
    // Nothing more was asked of the search service.
    expect(upstream.calls("/coms/pages-search-v2/")).toHaveLength(60);

    for (const lang of ["de", "jp", "zh"] as const) {
      const page = await search(ip, `/${lang}/search?q=vault`);
      expect(page.status, lang).toBe(429);
      expect(page.data.notice, lang).toBe(MESSAGES[lang].searchResults.tooMany);
    }

    // Another address searches on.
    expect((await search("192.0.2.161", "/search?q=vault")).status).toBe(200);
  });

  it("never counts the empty search page, nor a query or page it refuses without asking", async () => {
    const ip = "192.0.2.162";
    for (let i = 0; i < 40; i++) {
      expect((await search(ip, "/search")).status).toBe(200);
      expect((await search(ip, "/de/search?q=")).status).toBe(200);
      expect((await search(ip, `/search?q=${"x".repeat(300)}`)).status).toBe(400);
      expect((await search(ip, "/search?q=vault&page=0")).status).toBe(400);
    }
    expect(upstream.calls("/coms/pages-search-v2/")).toHaveLength(0);
    for (let i = 0; i < 60; i++) {
      expect((await search(ip, `/search?q=vault+${i}`)).status).toBe(200);
    }
    expect((await search(ip, "/search?q=vault")).status).toBe(429);
  });
});
