/**
 * The page cache shares one rendering of a URL among every visitor with the same page variant
 * (app/http/page-variant.ts). This renders one URL under many requests that share a variant and
 * checks the HTML is the same: a loader that starts reading another header or cookie without
 * adding it to the variant (or making the page private) fails here.
 */
import { expect, test } from "./fixtures";

// Without text/html in Accept the page cache steps aside, so each request is really rendered.
const RENDER = { Accept: "application/xhtml+xml", "User-Agent": "Mozilla/5.0 Chrome/156.0" };

const nonceOf = (headers: Record<string, string>) =>
  /'nonce-([^']+)'/.exec(
    headers["content-security-policy"] ?? headers["content-security-policy-report-only"] ?? "",
  )?.[1] ?? "";

/**
 * What a visitor gets from a response: the markup before Remix's hydration scripts, and the
 * loader data they stream. How React splits the stream (Suspense markers) depends on timing,
 * and the server's clock ticks between requests; neither is a difference between visitors.
 */
function essence(response: { headers(): Record<string, string> }, html: string) {
  const text = html
    .replaceAll(nonceOf(response.headers()), "NONCE")
    .replace(/\\"serverDate\\",\d+/g, '\\"serverDate\\",0');
  const cut = text.indexOf("window.__remixContext =");
  const data = [...text.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (m) => m[1],
  );
  return { markup: text.slice(0, cut), data: data.join("") };
}

const SAME_VARIANT: [string, string, Record<string, string>][] = [
  [
    "a forged Host and forwarded headers",
    "",
    {
      "X-Forwarded-Host": "www.evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.9",
    },
  ],
  ["another Accept-Language", "", { "Accept-Language": "ru, en;q=0.1" }],
  ["a language cookie (prefixed URLs never redirect)", "", { Cookie: "lang=fr" }],
  ["unrelated and malformed cookies", "", { Cookie: "theme=dark; lang=%E0; _ga=GA1.2.3" }],
  ["a referrer", "", { Referer: "https://search.example/?q=keynest" }],
  ["a search engine's user agent", "", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }],
  ["ad-click parameters", "?utm_source=news&utm_medium=mail&gclid=abc&fbclid=x", {}],
];

for (const path of ["/de/pricing", "/de/blog"]) {
  test.describe(`one rendering of ${path} for every request of the same variant`, () => {
    let reference = { markup: "", data: "" };
    test.beforeAll(async ({ request }) => {
      const response = await request.get(path, { headers: RENDER });
      expect(response.status()).toBe(200);
      reference = essence(response, await response.text());
      expect(reference.markup.length).toBeGreaterThan(1000);
      expect(reference.data).toContain("loaderData");
    });

    for (const [name, search, headers] of SAME_VARIANT) {
      test(name, async ({ request }) => {
        const response = await request.get(path + search, { headers: { ...RENDER, ...headers } });
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toBe(
          "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
        );
        const got = essence(response, await response.text());
        expect(got.markup).toBe(reference.markup);
        expect(got.data).toBe(reference.data);
      });
    }

    test("closed notices change the page, so they are part of the variant", async ({ request }) => {
      const response = await request.get(path, {
        headers: { ...RENDER, Cookie: "dismissed=cookie" },
      });
      expect(essence(response, await response.text()).markup).not.toBe(reference.markup);
    });

    test("a session makes the page private", async ({ request }) => {
      const response = await request.get(path, { headers: { ...RENDER, Cookie: "__session=x" } });
      expect(response.headers()["cache-control"]).toBe("private, no-store");
    });
  });
}
