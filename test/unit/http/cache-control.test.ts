import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHARED_PAGE_POLICY,
  PRIVATE_NO_STORE,
  isSharedCacheControl,
  sharedPageCacheControl,
} from "~/http/cache-control";
import { pageHeaders } from "~/page/page-variant";

const SHARED = "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

function headersOf(path: string, cookie?: string, acceptLanguage = "en") {
  const request = new Request(`http://localhost:3000${path}`, {
    headers: {
      "User-Agent": CHROME,
      "Accept-Language": acceptLanguage,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  return pageHeaders(request, DEFAULT_SHARED_PAGE_POLICY);
}

describe("pageHeaders: Cache-Control and Vary per variant", () => {
  it.each([
    [
      "an English (unprefixed) page",
      "/features",
      undefined,
      SHARED,
      "Cookie, Accept-Language, Accept-Encoding",
    ],
    ["the home page", "/", undefined, SHARED, "Cookie, Accept-Language, Accept-Encoding"],
    ["a German page", "/de/features", undefined, SHARED, "Cookie, Accept-Encoding"],
    ["a Japanese page", "/jp/pricing", undefined, SHARED, "Cookie, Accept-Encoding"],
    [
      "a page with closed notices",
      "/de/features",
      "dismissed=cookie.rewards",
      SHARED,
      "Cookie, Accept-Encoding",
    ],
    [
      "an English page with closed notices",
      "/pricing",
      "dismissed=cookie",
      SHARED,
      "Cookie, Accept-Language, Accept-Encoding",
    ],
    [
      "a page with a third-party cookie",
      "/fr/security",
      "_ga=GA1.2.3",
      SHARED,
      "Cookie, Accept-Encoding",
    ],
    [
      "a language cookie on an English page",
      "/features",
      "lang=de",
      SHARED,
      "Cookie, Accept-Language, Accept-Encoding",
    ],
    ["a signed-in visitor (http)", "/features", "__session=abc", PRIVATE_NO_STORE, undefined],
    [
      "a signed-in visitor (https)",
      "/de/features",
      "__Host-session=abc",
      PRIVATE_NO_STORE,
      undefined,
    ],
    ["a one-time flash", "/de/features", "kn_flash=newsletter.ok", PRIVATE_NO_STORE, undefined],
    [
      "a session among other cookies",
      "/pricing",
      "dismissed=cookie; __session=abc; _ga=1",
      PRIVATE_NO_STORE,
      undefined,
    ],
  ])("%s (%s, cookie %s)", (_what, path, cookie, cacheControl, vary) => {
    const headers = headersOf(path, cookie);
    expect(headers["Cache-Control"]).toBe(cacheControl);
    expect(headers.Vary).toBe(vary);
  });

  it("writes the configured lifetimes", () => {
    const policy = { maxAge: 5, sharedMaxAge: 600, staleWhileRevalidate: 30, staleIfError: 3600 };
    expect(sharedPageCacheControl(policy)).toBe(
      "public, max-age=5, s-maxage=600, stale-while-revalidate=30, stale-if-error=3600",
    );
    const request = new Request("http://localhost:3000/de/pricing");
    expect(pageHeaders(request, policy)["Cache-Control"]).toBe(sharedPageCacheControl(policy));
  });

  it("reads the lifetimes from the configuration by default", () => {
    expect(pageHeaders(new Request("http://localhost:3000/de/pricing"))["Cache-Control"]).toBe(
      SHARED,
    );
  });
});

describe("isSharedCacheControl: what the page cache may store", () => {
  it.each([
    ["the site's shared pages", SHARED],
    [
      "a page browsers may not keep",
      sharedPageCacheControl({ ...DEFAULT_SHARED_PAGE_POLICY, maxAge: 0 }),
    ],
    ["public alone", "public"],
    ["public after other directives", "max-age=60, s-maxage=300, public"],
    ["public in capitals", "PUBLIC, MAX-AGE=60"],
    ["public in mixed case", "Public, Max-Age=60"],
    ["public without spaces", "public,max-age=60"],
    ["public among spaces", "  public ,  max-age=60  "],
    ["public with no-cache (stored, revalidated)", "public, no-cache"],
    ["public with must-revalidate", "public, max-age=0, must-revalidate"],
    ["public with proxy-revalidate", "public, proxy-revalidate"],
  ])("is shared: %s (%j)", (_what, cacheControl) => {
    expect(isSharedCacheControl(cacheControl)).toBe(true);
  });

  it.each([
    ["no directive", ""],
    ["lifetimes without public", "max-age=60, s-maxage=300"],
    ["a word that only starts with public", "publicity, max-age=60"],
    ["no-store alone", "no-store"],
    ["private alone", "private"],
    ["the site's private answers", PRIVATE_NO_STORE],
    ["public, private", "public, private"],
    ["private, public", "private, public"],
    ["private between lifetimes", "public, s-maxage=300, private"],
    ["private naming a field", 'public, private="Set-Cookie"'],
    ["private in capitals", "PUBLIC, PRIVATE"],
    ["private in mixed case", "public, Private"],
    ["private without spaces", "public,private"],
    ["public, no-store", "public, no-store"],
    ["no-store, public", "no-store, public"],
    ["no-store between lifetimes", "public, max-age=60, no-store, s-maxage=300"],
    ["no-store in capitals", "PUBLIC, NO-STORE"],
    ["no-store without spaces", "public,no-store"],
    ["both private and no-store", "public, private, no-store"],
  ])("is not shared: %s (%j)", (_what, cacheControl) => {
    expect(isSharedCacheControl(cacheControl)).toBe(false);
  });
});
