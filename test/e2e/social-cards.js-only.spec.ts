import { expect, test } from "./fixtures";

/** How a network's crawler reads a page: plain HTTP, no script, its own user agent. */
const CRAWLERS = {
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function tag(html: string, attribute: "property" | "name", key: string): string | undefined {
  const element = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`);
  return element.exec(html)?.[1]?.replace(/&amp;/g, "&");
}

test.describe("social cards, as networks read them", () => {
  for (const [path, locale, type] of [
    ["/", "en_US", "website"],
    ["/de/pricing", "de_DE", "website"],
    ["/jp/features", "ja_JP", "website"],
    ["/zh/help", "zh_CN", "website"],
    ["/fr/cookies", "fr_FR", "website"],
    ["/ua/search", undefined, "website"],
    ["/blog/passkeys-explained", "en_US", "article"],
  ] as const) {
    test(`${path} names its own PNG card in its language`, async ({ request, baseURL }) => {
      for (const [crawler, agent] of Object.entries(CRAWLERS)) {
        const html = await (await request.get(path, { headers: { "User-Agent": agent } })).text();
        const image = tag(html, "property", "og:image");
        expect(image, `${crawler} ${path}`).toMatch(
          new RegExp(`^${baseURL}/cards/(en|de|jp|zh|fr|ua)/[a-z0-9/-]+\\.png\\?v=[\\w-]{12}$`),
        );
        expect(tag(html, "name", "twitter:image")).toBe(image);
        expect(tag(html, "name", "twitter:card")).toBe("summary_large_image");
        expect(tag(html, "property", "og:image:width")).toBe("1200");
        expect(tag(html, "property", "og:image:height")).toBe("630");
        expect(tag(html, "property", "og:image:alt")?.trim()).not.toBe("");
        expect(tag(html, "property", "og:type")).toBe(type);
        if (locale) expect(tag(html, "property", "og:locale")).toBe(locale);
        if (type === "article") {
          expect(tag(html, "property", "article:published_time")).toMatch(/^\d{4}-\d{2}-\d{2}/);
        }
        const answer = await request.get(image!, { headers: { "User-Agent": agent } });
        expect(answer.status(), image).toBe(200);
        expect(answer.headers()["content-type"]).toBe("image/png");
        expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(pngSize(await answer.body())).toEqual([1200, 630]);
      }
    });
  }

  test("a card of no page is a plain 404, and a stale version shows today's card", async ({
    request,
  }) => {
    const missing = await request.get("/cards/de/no-such-page.png");
    expect(missing.status()).toBe(404);
    const stale = await request.get("/cards/de/pricing.png?v=000000000000");
    expect(stale.status()).toBe(200);
    expect(stale.headers()["cache-control"]).toMatch(/^public, max-age=3600,/);
  });
});
