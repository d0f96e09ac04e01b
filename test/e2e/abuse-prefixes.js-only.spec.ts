/**
 * The abuse review's junk language prefixes and made-up paths, tried over HTTP against the built
 * server (finding 6): only the nine languages exist, so `/zz/features` is one redirect to
 * `/features` and never a page of its own (nothing a shared cache could keep per junk prefix).
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test, visitorIp } from "./fixtures";
import { rawRequest, requestHead } from "./raw-http";

/** An English visitor's browser: no language redirect for unprefixed paths. */
const HTML = {
  Accept: "text/html",
  "Accept-Language": "en",
  "User-Agent": "Mozilla/5.0 Chrome/156.0",
};

/** GET `path` without following a redirect. */
function get(request: APIRequestContext, path: string) {
  return request.get(path, { headers: HTML, maxRedirects: 0 });
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
