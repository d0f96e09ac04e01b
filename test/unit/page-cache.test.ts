import { describe, expect, it } from "vitest";
import { isStorable, pageCacheKey } from "~/http/page-cache.server";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function key(overrides: Partial<Parameters<typeof pageCacheKey>[0]> = {}) {
  return pageCacheKey({
    method: "GET",
    search: "?x=1",
    pathname: "/de/features",
    accept: "text/html,application/xhtml+xml",
    cookie: undefined,
    acceptLanguage: "de-DE",
    userAgent: CHROME,
    ...overrides,
  });
}

describe("page cache key", () => {
  it("is the URL plus the closed notices for an anonymous page request", () => {
    expect(key()).toBe("/de/features?x=1\n");
    expect(key({ cookie: "dismissed=rewards.cookie; lang=de" })).toBe(
      "/de/features?x=1\ncookie.rewards",
    );
  });

  it("keeps each listing page apart (page 2 is never served for page 1)", () => {
    const first = key({ pathname: "/de/blog", search: "" });
    const second = key({ pathname: "/de/blog", search: "?page=2" });
    expect(first).toBe("/de/blog\n");
    expect(second).toBe("/de/blog?page=2\n");
    expect(key({ pathname: "/de/blog", search: "?utm_source=x&page=2" })).toBe(second);
  });

  it.each([
    ["a POST", { method: "POST" }],
    ["a data request", { accept: "*/*" }],
    ["a signed-in visitor", { cookie: "__session=abc" }],
    ["a signed-in visitor among other cookies", { cookie: "lang=de; __session=abc" }],
    ["an action path", { pathname: "/action/dismiss", search: "" }],
    ["a file", { pathname: "/robots.txt", search: "" }],
    [
      "a German visitor on an English URL (redirected)",
      { pathname: "/features", search: "", acceptLanguage: "de-DE" },
    ],
    [
      "a visitor whose cookie redirects",
      { pathname: "/features", search: "", acceptLanguage: "en", cookie: "lang=fr" },
    ],
  ])("is null for %s", (_, overrides) => {
    expect(key(overrides)).toBeNull();
  });

  it("serves English URLs to English visitors and bots", () => {
    expect(key({ pathname: "/features", search: "", acceptLanguage: "en-US" })).toBe("/features\n");
    expect(key({ pathname: "/features", search: "", userAgent: "Googlebot/2.1" })).toBe(
      "/features\n",
    );
  });

  it("ignores ad-click parameters, keeping every other parameter in order", () => {
    for (const search of [
      "?x=1&utm_source=news&utm_medium=mail",
      "?gclid=abc&x=1",
      "?x=1&fbclid=1&msclkid=2&yclid=3&_ga=4&UTM_Campaign=z",
    ]) {
      expect(key({ search })).toBe("/de/features?x=1\n");
    }
    expect(key({ search: "?utm_source=a" })).toBe("/de/features\n");
    expect(key({ search: "?page=2&q=a" })).toBe("/de/features?page=2&q=a\n");
  });

  it("does not depend on the Host a request names (the origin is configuration)", () => {
    // KeyInput has no host at all: a forged Host or X-Forwarded-Host cannot split or poison it.
    expect(key()).toBe(key({ acceptLanguage: "de-DE, en;q=0.5" }));
  });

  it("treats a malformed notices cookie as no closed notice", () => {
    expect(key({ cookie: "dismissed=%E0" })).toBe("/de/features?x=1\n");
  });
});

describe("what the page cache stores", () => {
  const html = { "content-type": "text/html; charset=utf-8" };
  it.each([
    [200, { ...html, "cache-control": "public, max-age=0, must-revalidate" }, true],
    [404, { ...html, "cache-control": "public, max-age=0, must-revalidate" }, true],
    [200, { ...html, "cache-control": "private, no-store" }, false],
    [200, { ...html }, false],
    [500, { ...html, "cache-control": "public" }, false],
    [302, { ...html, "cache-control": "public" }, false],
    [200, { ...html, "cache-control": "public", "set-cookie": ["a=1"] }, false],
    [200, { "content-type": "application/json", "cache-control": "public" }, false],
  ])("status %s with %j → %s", (status, headers, expected) => {
    expect(isStorable(status, headers)).toBe(expected);
  });
});

describe("CSP nonces", () => {
  it("are 128 random bits, never repeated", async () => {
    const { createNonce } = await import("~/security/headers.server");
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) seen.add(createNonce());
    expect(seen.size).toBe(2000);
    for (const nonce of [...seen].slice(0, 10))
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("gzip negotiation for cached pages", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["*", true],
    [undefined, false],
  ])("Accept-Encoding %s → %s", async (header, expected) => {
    const { acceptsGzip } = await import("~/http/page-cache.server");
    expect(acceptsGzip(header)).toBe(expected);
  });
});
