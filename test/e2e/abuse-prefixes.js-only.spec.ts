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

test("a flood of junk prefixes and made-up paths leaves a real page in the page cache", async ({
  request,
}) => {
  test.setTimeout(120_000);
  // A page and variant no other test asks for (a store visit, two notices closed), so its TTL
  // (HTML_CACHE_TTL_SECONDS: 30) runs from this test's own first request.
  const page = "/ru/security?download=appstore&platform=store";
  const asked = () =>
    request.get(page, { headers: { ...HTML, Cookie: "dismissed=nonLanguage.rewards" } });
  const stored = Date.now();
  await asked();
  expect((await asked()).headers()["x-page-cache"]).toBe("hit");

  // More distinct keys (700) than the whole page cache holds (HTML_CACHE_MAX_ENTRIES: 500): when
  // junk prefixes were pages and 404s shared the pages' area, this pushed the page out. Most are
  // junk prefixes, which are quick to answer, so the flood ends well within the page's TTL.
  const junk = JUNK_CODES.slice(0, 500).map(
    (code, i) => `/${code}/${["features", "pricing"][i % 2]}`,
  );
  await each(junk, async (path) => {
    const answer = await get(request, path);
    expect(answer.status(), path).toBe(301);
    expect(answer.headers()["x-page-cache"], path).toBeUndefined();
  });
  const run = Date.now().toString(36);
  const missing = Array.from({ length: 200 }, (_, i) => `/no-such-page-${run}-${i}`);
  await each(missing, async (path) => {
    expect((await get(request, path)).status(), path).toBe(404);
  });

  // Still within the TTL, so only an eviction could make it a miss.
  expect(Date.now() - stored, "the flood outlasted the page's TTL").toBeLessThan(28_000);
  const after = await asked();
  expect(after.status()).toBe(200);
  expect(after.headers()["x-page-cache"]).toBe("hit");
});
