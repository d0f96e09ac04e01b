import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/i18n/resources.server";
import { startHttpUpstream, type HttpUpstream } from "../../../mocks/http-upstream";
import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";
import { h1Of, langOf, TEST_SESSION_SECRET, TEST_SITE_URL } from "../../support/site-http";

/**
 * The security finding "a search flood empties what outages are served from", tried over HTTP
 * against the built server (`node build/server.js`) in front of an upstream that can be stopped:
 * every distinct search text was an upstream answer in the one cache the content pages and site
 * data are served from when the upstream fails, and `/search.data?q=…` (Remix's single fetch:
 * the loader without the render) had no limit. Now searches are counted per address (60 a minute
 * by default) and kept in an area of their own.
 */

let upstream: HttpUpstream;
let site: CompiledSite;

beforeAll(async () => {
  upstream = await startHttpUpstream();
  site = await startCompiledSite({
    API_URL: upstream.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: TEST_SITE_URL,
    // Each test visitor is an address of its own, as a proxy in front would say.
    TRUST_PROXY: "loopback",
    // Short windows, so the kept answers pass their fresh and stale windows (2 s) and are served
    // stale-if-error; small areas, so a flood of a few hundred searches would fill the pages' one.
    CACHE_TTL_SECONDS: "1",
    CACHE_STALE_SECONDS: "1",
    CACHE_MAX_ENTRIES: "300",
    CACHE_SEARCH_MAX_ENTRIES: "100",
  });
}, 40_000);

afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});

const BROWSER = {
  Accept: "text/html",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let visitors = 0;
/** A visitor address nobody used before in this file. */
const visitor = () => `198.51.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`;

async function get(path: string, ip: string) {
  const response = await fetch(`${site.url}${path}`, {
    headers: { ...BROWSER, "X-Forwarded-For": ip },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A search as the browser's single fetch asks for it: the route's data, no render. */
const searchData = (query: string, ip: string, lang = "") =>
  get(`${lang ? `/${lang}` : ""}/search.data?q=${encodeURIComponent(query)}`, ip);

describe("searches from one address", { timeout: 60_000 }, () => {
  it("answers 60 .data searches a minute, then 429 with Retry-After, while another address searches on", async () => {
    const flooder = visitor();
    for (let i = 0; i < 60; i++) {
      const answer = await searchData(`vault ${i}`, flooder, i % 2 ? "de" : "");
      expect(answer.status, `search ${i + 1}`).toBe(200);
    }
    const refused = await searchData("vault 60", flooder);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");

    // The page itself is the same count: the German search page says why, in German.
    const page = await get("/de/search?q=vault", flooder);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(langOf(page.body)).toBe("de");
    expect(page.body).toContain(MESSAGES.de.searchResults.tooMany);
    // The empty search page asks nothing and is never refused.
    expect((await get("/search", flooder)).status).toBe(200);

    const neighbour = visitor();
    expect((await searchData("vault", neighbour)).status).toBe(200);
    expect((await get("/search?q=vault", neighbour)).status).toBe(200);
  });
});

describe("a search flood, then an upstream outage", { timeout: 60_000 }, () => {
  it("keeps /security and /features served from their kept copies", async () => {
    const pages = ["/security", "/features"];
    const titles = new Map<string, string | undefined>();
    for (const path of pages) {
      const answer = await get(path, visitor());
      expect(answer.status, path).toBe(200);
      titles.set(path, h1Of(answer.body));
    }

    // 400 distinct searches, 50 from each of 8 addresses (under each one's limit), 8 at a time.
    const flooders = Array.from({ length: 8 }, visitor);
    for (let wave = 0; wave < 50; wave++) {
      const answers = await Promise.all(
        flooders.map((ip, n) => searchData(`flood ${wave} ${n}`, ip)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(flooders.map(() => 200));
    }

    await upstream.stop();
    // Past the kept answers' fresh and stale windows: only stale-if-error copies can serve.
    await sleep(2_200);
    for (const path of pages) {
      const answer = await get(path, visitor());
      expect(answer.status, path).toBe(200);
      expect(h1Of(answer.body), path).toBe(titles.get(path));
      expect(h1Of(answer.body)).not.toBe(MESSAGES.en.errors.genericTitle);
    }
    await upstream.restart();
  });
});
