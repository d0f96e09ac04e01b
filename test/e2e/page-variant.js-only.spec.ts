/**
 * A shared cache (CDN, the compose set-up's Varnish) shares one rendering of a URL among every
 * visitor with the same page variant (app/page/page-variant.ts). This renders one URL under many
 * requests that share a variant and checks the answers are the same bytes: a loader that starts reading another header or cookie without
 * adding it to the variant (or making the page private) fails here, and so does anything that
 * differs from render to render.
 */
import { feedbackHash } from "../../app/forms/feedback";
import { expect, test } from "./fixtures";

// Every request is rendered, whatever its Accept. Every document is rendered whole before it is
// sent (app/entry.server.tsx), a browser's as a crawler's.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const RENDER = { Accept: "application/xhtml+xml", "User-Agent": BROWSER };
const CACHED = { Accept: "text/html", "User-Agent": BROWSER };

/**
 * The bytes a visitor gets, and the policy that names its inline scripts, unmasked: the server's
 * date is the start of its UTC hour, the feedback panels ask everyone, the notices come in one
 * order, and no nonce is written into any answer.
 */
async function bytesOf(response: { headers(): Record<string, string>; text(): Promise<string> }) {
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("'sha256-");
  return `${policy}\n${await response.text()}`;
}

const MANUAL = "/help/manuals/how-to-install";

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
  ["unrelated cookies", "", { Cookie: "theme=dark; _ga=GA1.2.3" }],
  ["a referrer", "", { Referer: "https://search.example/?q=keynest" }],
  [
    "another search engine's user agent",
    "",
    { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0)" },
  ],
  ["ad-click parameters", "?utm_source=news&utm_medium=mail&gclid=abc&fbclid=x", {}],
  // Read by the panel in the browser: the page's HTML asks everyone.
  ["a feedback answer for this page", "", { Cookie: `kn_fb=${feedbackHash("page", MANUAL)}` }],
];

for (const path of ["/de/pricing", "/de/blog", `/de${MANUAL}`]) {
  test.describe(`one rendering of ${path} for every request of the same variant`, () => {
    let reference = "";
    test.beforeAll(async ({ request }) => {
      const response = await request.get(path, { headers: RENDER });
      expect(response.status()).toBe(200);
      reference = await bytesOf(response);
      expect(reference.length).toBeGreaterThan(1000);
      expect(reference).toContain("window.__remixContext");
    });

    test("every render is the same bytes, whatever the Accept", async ({ request }) => {
      const again = await request.get(path, { headers: RENDER });
      expect(await bytesOf(again)).toBe(reference);
      for (let i = 0; i < 2; i++) {
        const html = await request.get(path, { headers: CACHED });
        expect(await bytesOf(html)).toBe(reference);
      }
    });

    for (const [name, search, headers] of SAME_VARIANT) {
      test(name, async ({ request }) => {
        const response = await request.get(path + search, { headers: { ...RENDER, ...headers } });
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toBe(
          "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
        );
        expect(await bytesOf(response)).toBe(reference);
      });
    }

    test("a malformed cookie of the site's: the same page, private while it is cleared", async ({
      request,
    }) => {
      const response = await request.get(path, {
        headers: { ...RENDER, Cookie: "theme=dark; lang=%E0; _ga=GA1.2.3" },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["set-cookie"]).toMatch(/^lang=;/);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      expect(await bytesOf(response)).toBe(reference);
    });

    test("closed notices change the page, so they are part of the variant", async ({ request }) => {
      const response = await request.get(path, {
        headers: { ...RENDER, Cookie: "dismissed=cookie" },
      });
      const closed = await bytesOf(response);
      expect(closed).not.toBe(reference);
      // The cookie's order is not a variant: the page lists the notices in one order.
      const reordered = await request.get(path, {
        headers: { ...RENDER, Cookie: "dismissed=rewards.cookie" },
      });
      const canonical = await request.get(path, {
        headers: { ...RENDER, Cookie: "dismissed=cookie.rewards" },
      });
      expect(await bytesOf(reordered)).toBe(await bytesOf(canonical));
    });

    test("a session makes the page private", async ({ request }) => {
      const response = await request.get(path, { headers: { ...RENDER, Cookie: "__session=x" } });
      expect(response.headers()["cache-control"]).toBe("private, no-store");
    });
  });
}

test.describe("a crawler on an unprefixed URL", () => {
  const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

  test("gets its English page privately where a person would be redirected", async ({
    request,
  }) => {
    const person = await request.get("/pricing", {
      headers: { ...CACHED, "Accept-Language": "de-DE,de;q=0.9" },
      maxRedirects: 0,
    });
    expect(person.status()).toBe(302);
    expect(person.headers()["location"]).toBe("/de/pricing");

    for (const [headers, cacheControl] of [
      [{ "Accept-Language": "de-DE,de;q=0.9" }, "private, no-store"],
      [{ Cookie: "lang=fr" }, "private, no-store"],
      [
        { "Accept-Language": "en-US,en;q=0.9" },
        "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
      ],
      [{}, "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400"],
    ] as const) {
      // Twice: the same answer each time.
      for (let i = 0; i < 2; i++) {
        const crawler = await request.get("/pricing", {
          headers: { ...CACHED, "User-Agent": CRAWLER, ...headers },
          maxRedirects: 0,
        });
        expect(crawler.status(), JSON.stringify(headers)).toBe(200);
        expect(crawler.headers()["cache-control"], JSON.stringify(headers)).toBe(cacheControl);
        expect(await crawler.text()).toContain('<html lang="en"');
      }
    }
  });
});
