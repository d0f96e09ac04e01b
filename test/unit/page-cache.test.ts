import { describe, expect, it } from "vitest";
import { lookupKey, pageCacheKey, type KeyInput } from "~/server/page-cache-key";
import { codingFor, matchesTag, pageTag } from "~/server/negotiation";
import { isStorable } from "~/server/stored-page.server";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function input(): KeyInput {
  return {
    method: "GET",
    search: "",
    pathname: "/de/features",
    accept: "text/html,application/xhtml+xml",
    cookie: undefined,
    acceptLanguage: "de-DE",
    userAgent: CHROME,
  };
}

function key(overrides: Partial<KeyInput> = {}) {
  return pageCacheKey({ ...input(), ...overrides });
}

describe("page cache key", () => {
  it("is the URL plus the closed notices for an anonymous page request", () => {
    expect(key()).toBe("/de/features\n");
    expect(key({ cookie: "dismissed=rewards.cookie; lang=de" })).toBe(
      "/de/features\ncookie.rewards",
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
    ["a junk language prefix", { pathname: "/zz/features", search: "" }],
    ["Japanese by its ISO code (the prefix is /jp/)", { pathname: "/ja/features", search: "" }],
    ["a bare junk prefix", { pathname: "/xx", search: "" }],
  ])("is null for %s", (_, overrides) => {
    expect(key(overrides)).toBeNull();
  });

  it.each([
    [
      "a German visitor on an English URL (redirected)",
      { pathname: "/features", search: "", acceptLanguage: "de-DE" },
    ],
    [
      "a visitor whose cookie redirects",
      { pathname: "/features", search: "", acceptLanguage: "en", cookie: "lang=fr" },
    ],
  ])("looks nothing up for %s", async (_, overrides) => {
    expect(await lookupKey({ ...input(), ...overrides })).toBeNull();
  });

  it("serves English URLs to English visitors and bots", async () => {
    const english = { ...input(), pathname: "/features", acceptLanguage: "en-US" };
    expect(await lookupKey(english)).toBe("/features\n");
    // A crawler's unprefixed URL stays in English, known at once for headers seen before.
    const bot = { ...english, userAgent: "Googlebot/2.1" };
    expect(lookupKey(bot)).toBe("/features\n");
    expect(await lookupKey({ ...bot, acceptLanguage: undefined })).toBe("/features\n");
    // Where a person with its headers would be redirected, its page is private: never stored,
    // never answered from the cache.
    expect(await lookupKey({ ...bot, acceptLanguage: "de-DE" })).toBeNull();
    expect(await lookupKey({ ...bot, cookie: "lang=fr" })).toBeNull();
  });

  it("answers a prefixed URL without waiting", () => {
    expect(lookupKey(input())).toBe("/de/features\n");
  });

  it("ignores ad-click parameters, keeping the page's own parameters in one order", () => {
    for (const search of [
      "?platform=store&utm_source=news&utm_medium=mail",
      "?gclid=abc&platform=store",
      "?platform=store&fbclid=1&msclkid=2&yclid=3&_ga=4&UTM_Campaign=z",
    ]) {
      expect(key({ search })).toBe("/de/features?platform=store\n");
    }
    expect(key({ search: "?utm_source=a" })).toBe("/de/features\n");
    expect(key({ pathname: "/de/blog", search: "?platform=store&page=3" })).toBe(
      "/de/blog?page=3&platform=store\n",
    );
    expect(key({ pathname: "/de/blog", search: "?page=3&platform=store" })).toBe(
      "/de/blog?page=3&platform=store\n",
    );
  });

  it.each([
    ["an unknown parameter", "/de/features", "?anything=1"],
    ["a parameter in capitals", "/de/features", "?PLATFORM=store"],
    ["a store visit with another value", "/de/features", "?platform=junk"],
    ["a parameter given twice", "/de/features", "?platform=store&platform=store"],
    ["a listing page on a page without a list", "/de/features", "?page=2"],
    ["a listing page that is no number", "/de/blog", "?page=2x"],
    ["the first listing page spelled out", "/de/blog", "?page=1"],
    ["a listing page past 9999", "/de/blog", "?page=10000"],
    ["a search (every query its own answer)", "/de/search", "?q=vault"],
    ["junk beside a page's own parameter", "/de/blog", "?page=2&x=1"],
    ["the generator's settings", "/de/password-generator", "?length=20"],
  ])("is null for %s: rendered as asked, never stored", (_, pathname, search) => {
    expect(key({ pathname, search })).toBeNull();
  });

  it("does not depend on the Host a request names (the origin is configuration)", () => {
    // KeyInput has no host at all: a forged Host or X-Forwarded-Host cannot split or poison it.
    expect(key()).toBe(key({ acceptLanguage: "de-DE, en;q=0.5" }));
  });

  it("treats a malformed notices cookie as no closed notice", () => {
    expect(key({ cookie: "dismissed=%E0" })).toBe("/de/features\n");
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

  it("keeps a 404 only for a plain path, never for a listing page past the last", () => {
    const headers = { ...html, "cache-control": "public, max-age=0, must-revalidate" };
    expect(isStorable(404, headers, "/de/gibt-es-nicht\n")).toBe(true);
    expect(isStorable(404, headers, "/blog?page=9999\n")).toBe(false);
    expect(isStorable(200, headers, "/blog?page=2\n")).toBe(true);
  });
});

describe("the coding a stored page is sent in", () => {
  it.each([
    ["gzip, deflate, br", true, "br"],
    ["gzip, deflate, br", false, "gzip"],
    ["br;q=1.0, gzip;q=0.8", true, "br"],
    ["br;q=0.5, gzip;q=0.8", true, "gzip"],
    ["gzip;q=0", true, "identity"],
    ["br;q=0, gzip", true, "gzip"],
    ["identity", true, "identity"],
    ["*", true, "br"],
    ["*;q=0", true, "identity"],
    ["deflate", true, "identity"],
    [undefined, true, "identity"],
  ] as const)("Accept-Encoding %s (brotli kept: %s) → %s", (header, haveBr, expected) => {
    expect(codingFor(header, haveBr)).toBe(expected);
  });
});

describe("validators", () => {
  const tag = pageTag(Buffer.from("<!DOCTYPE html><p>page</p>"));

  it("tag a page by its bytes: the same page the same on every instance, another page another", () => {
    expect(tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(pageTag(Buffer.from("<!DOCTYPE html><p>page</p>"))).toBe(tag);
    expect(pageTag(Buffer.from("<!DOCTYPE html><p>page!</p>"))).not.toBe(tag);
  });

  it.each([
    [`W/"${"TAG"}"`, true],
    [`"TAG"`, true],
    [`"other", W/"TAG"`, true],
    ["*", true],
    [`W/"other"`, false],
    [`W/"TAG-longer"`, false],
    [undefined, false],
  ])("If-None-Match %s matches: %s", (header, expected) => {
    expect(matchesTag(header, "TAG")).toBe(expected);
  });
});
