/**
 * The abuse review's junk language prefixes and made-up paths, tried over HTTP against the built
 * server (finding 6): only the nine languages exist, so `/zz/features` is one redirect to
 * `/features` and never a page of its own, and no flood of junk or 404 paths pushes a real page
 * out of the page cache.
 */
import type { APIRequestContext } from "@playwright/test";
import { PREFIXED_LANG_CODES } from "../../app/i18n/languages";
import { expect, test, visitorIp } from "./fixtures";
import { rawRequest, requestHead } from "./raw-http";
import { startCompiledSite, type CompiledSite } from "../support/compiled-site";
import { TEST_SESSION_SECRET } from "../support/site-http";

/** An English visitor's browser: no language redirect for unprefixed paths. */
const HTML = {
  Accept: "text/html",
  "Accept-Language": "en",
  "User-Agent": "Mozilla/5.0 Chrome/156.0",
};
const CONCURRENCY = 8;

/** GET `path` without following a redirect. */
function get(request: APIRequestContext, path: string) {
  return request.get(path, { headers: HTML, maxRedirects: 0 });
}

/** Every two-letter code that is no language prefix, in a fixed order. */
const JUNK_CODES = Array.from({ length: 26 * 26 }, (_, i) =>
  String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
).filter((code) => !(PREFIXED_LANG_CODES as readonly string[]).includes(code));

/** Runs `fn` over `items`, `CONCURRENCY` at a time. */
async function each<T>(items: readonly T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

test.describe("a junk language prefix", () => {
  for (const [path, location] of [
    ["/zz/features", "/features"],
    // Japanese is /jp/: its ISO code is no prefix.
    ["/ja/features", "/features"],
    ["/xx", "/"],
    ["/XX/pricing", "/pricing"],
    ["/en/security", "/security"],
    // Every leading junk segment at once: never a second redirect of this kind.
    ["/zz/yy/features", "/features"],
    ["/ja/features?plan=family&utm_source=news", "/features?plan=family&utm_source=news"],
  ] as const) {
    test(`${path} is one permanent redirect to ${location}, never a page`, async ({ request }) => {
      const answer = await get(request, path);
      expect(answer.status()).toBe(301);
      expect(answer.headers()["location"]).toBe(location);
      expect(answer.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
      // Nothing was looked up in or stored to the page cache.
      expect(answer.headers()["x-page-cache"]).toBeUndefined();
      const target = await get(request, location);
      expect(target.status()).toBe(200);
    });
  }

  test("leads to a path on this site whatever Host the request names", async ({ baseURL }) => {
    const answer = await rawRequest(
      baseURL!,
      requestHead("GET", "/zz/features?x=1", {
        ...HTML,
        "X-Forwarded-Host": "www.evil.example",
        "X-Forwarded-For": visitorIp(),
      }),
    );
    expect(answer.status).toBe(301);
    expect(answer.headers["location"]).toBe("/features?x=1");
    const forged = await rawRequest(
      baseURL!,
      requestHead("GET", "/ja//evil.example/", HTML, "www.evil.example"),
    );
    expect(forged.status).toBe(301);
    expect(forged.headers["location"]).toBe("/evil.example");
  });

  test("answers a post with a 404, never a page", async ({ request, baseURL }) => {
    const answer = await request.post("/zz/features", {
      headers: { ...HTML, Origin: baseURL! },
      form: { _form: "newsletter", website_url: "", email: "mia@example.com" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(404);
  });

  test("leaves the real prefixes alone, and content after one is content", async ({ request }) => {
    for (const path of ["/de/features", "/jp/features", "/zh/pricing"]) {
      expect((await get(request, path)).status(), path).toBe(200);
    }
    // After a real prefix a two-letter segment is part of the content path: a 404.
    expect((await get(request, "/de/zz/features")).status()).toBe(404);
  });
});

test.describe("a flood of junk prefixes and made-up paths", () => {
  // A server of its own with a small page cache (20 pages) whose pages stay fresh for ten
  // minutes: the flood is many times the cache, and only an eviction could make the page a miss.
  let site: CompiledSite;
  test.beforeAll(async () => {
    site = await startCompiledSite({
      SANDBOX: "1",
      SESSION_SECRET: TEST_SESSION_SECRET,
      HTML_CACHE_MAX_ENTRIES: "20",
      HTML_CACHE_TTL_SECONDS: "600",
      PAGE_SHARED_MAX_AGE_SECONDS: "600",
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("leaves a real page in the page cache", async ({ request }) => {
    test.setTimeout(120_000);
    const at = (path: string) => `${site.url}${path}`;
    const asked = () => request.get(at("/ru/security"), { headers: HTML });
    await asked();
    expect((await asked()).headers()["x-page-cache"]).toBe("hit");

    // 100 junk prefixes (redirects, never stored) and 250 made-up paths: more 404s than their
    // own area keeps (200), and each many times the pages' 20. When junk prefixes were pages and
    // 404s shared the pages' area, this pushed the page out.
    const junk = JUNK_CODES.slice(0, 100).map(
      (code, i) => `/${code}/${["features", "pricing"][i % 2]}`,
    );
    await each(junk, async (path) => {
      const answer = await request.get(at(path), { headers: HTML, maxRedirects: 0 });
      expect(answer.status(), path).toBe(301);
      expect(answer.headers()["x-page-cache"], path).toBeUndefined();
    });
    const missing = Array.from({ length: 250 }, (_, i) => `/no-such-page-${i}`);
    await each(missing, async (path) => {
      const answer = await request.get(at(path), { headers: HTML, maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
    });

    const after = await asked();
    expect(after.status()).toBe(200);
    expect(after.headers()["x-page-cache"]).toBe("hit");
  });
});
