/**
 * What a CDN or any shared cache in front of the site may do with its HTML (decision 004,
 * app/http/cache-control.ts): an anonymous page is the same for everyone who shares its variant,
 * so a shared cache MAY keep it (`s-maxage`, then `stale-while-revalidate` and `stale-if-error`),
 * varying on the cookies, the encoding and, on unprefixed URLs, the language; anything rendered
 * for a session, a flash, an order or an error is `private, no-store` or `no-store`, which no
 * shared cache may ever keep. Checked on the built server, response by response.
 */
import { expect, test } from "./fixtures";
import { ACCOUNTS, signInApart } from "./sign-in-session";

const SHARED = "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400";

/**
 * Whether a shared cache may answer with a stored copy without revalidating it (RFC 9111 §3 and
 * §4.2): never with `no-store` or `private`; otherwise only while `s-maxage` or `max-age` is
 * positive, and never past it with `must-revalidate`/`proxy-revalidate`.
 */
function sharedCacheMayReuse(cacheControl: string): boolean {
  const directives = new Map<string, string>(
    cacheControl
      .toLowerCase()
      .split(",")
      .map((part): [string, string] => {
        const [name = "", value = ""] = part.trim().split("=");
        return [name, value];
      }),
  );
  if (directives.has("no-store") || directives.has("private") || directives.has("no-cache")) {
    return false;
  }
  const lifetime = Number(directives.get("s-maxage") || directives.get("max-age") || 0);
  return lifetime > 0 || directives.has("stale-while-revalidate");
}

test("the rule itself: which Cache-Control lets a shared cache replay a stored copy", () => {
  expect(sharedCacheMayReuse(SHARED)).toBe(true);
  expect(sharedCacheMayReuse("public, max-age=0, must-revalidate")).toBe(false);
  expect(sharedCacheMayReuse("private, no-store")).toBe(false);
  expect(sharedCacheMayReuse("no-store")).toBe(false);
  expect(sharedCacheMayReuse("public, max-age=60")).toBe(true);
  expect(sharedCacheMayReuse("public, max-age=0, s-maxage=300")).toBe(true);
});

/** Stands for a session of the active demo account, signed in by the test itself. */
const SIGNED_IN = "signed-in";
const UNPREFIXED = "Cookie, Accept-Language, Accept-Encoding";
const PREFIXED = "Cookie, Accept-Encoding";

const CASES: {
  what: string;
  path: string;
  cookie?: string;
  status: number;
  /** The page's Vary when shared; undefined: the page is private. */
  vary?: string;
}[] = [
  { what: "the home page", path: "/", status: 200, vary: UNPREFIXED },
  { what: "a German content page", path: "/de/features", status: 200, vary: PREFIXED },
  { what: "a blog post", path: "/blog/passkeys-explained", status: 200, vary: UNPREFIXED },
  {
    what: "a search",
    path: "/search?q=vault",
    status: 200,
    vary: UNPREFIXED,
  },
  {
    what: "a page with closed notices",
    path: "/fr/pricing",
    cookie: "dismissed=cookie",
    status: 200,
    vary: PREFIXED,
  },
  { what: "an unknown page (404)", path: "/de/gibt-es-nicht", status: 404, vary: PREFIXED },
  { what: "a failing page (503)", path: "/sandbox/fault", status: 503 },
  { what: "the checkout", path: "/order/checkout?plan=102", status: 200 },
  {
    what: "an order's outcome",
    path: "/payment-success?order=102-0a1b2c3d4e5f-00000001",
    status: 200,
  },
  { what: "the sign-in page", path: "/sign-in", status: 200 },
  {
    what: "a content page for a signed-in visitor",
    path: "/features",
    cookie: SIGNED_IN,
    status: 200,
  },
  { what: "the account page", path: "/account", cookie: SIGNED_IN, status: 200 },
  {
    what: "a page shown with a one-time flash",
    path: "/features",
    cookie: "kn_flash=newsletter.ok",
    status: 200,
  },
];

for (const { what, path, status, vary, ...rest } of CASES) {
  let cookie = rest.cookie;
  const shared = vary !== undefined;
  test(`${what}: ${shared ? "shared caches may keep it" : "no shared cache may keep it"}`, async ({
    playwright,
    request,
    baseURL,
  }) => {
    if (cookie === SIGNED_IN) cookie = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const ask = () =>
      request.get(path, {
        headers: {
          Accept: "text/html",
          "Accept-Language": "en",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        maxRedirects: 0,
      });
    const response = await ask();
    expect(response.status()).toBe(status);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(sharedCacheMayReuse(cacheControl), cacheControl).toBe(shared);
    if (!shared) {
      expect(cacheControl).toMatch(/no-store/);
      return;
    }
    expect(cacheControl).toBe(SHARED);
    expect(response.headers()["vary"]).toBe(vary);
    // Every render repeats them.
    const again = await ask();
    expect(again.headers()["cache-control"]).toBe(SHARED);
    expect(again.headers()["vary"]).toBe(vary);
  });
}

test("the language redirect of an unprefixed page is never stored by a shared cache", async ({
  request,
}) => {
  const response = await request.get("/features", {
    headers: { Accept: "text/html", "Accept-Language": "de-DE,de;q=0.9" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("a client navigation's data follows its page: shared when anonymous, private when signed in", async ({
  playwright,
  request,
  baseURL,
}) => {
  const signedIn = await signInApart(playwright, baseURL!, ACCOUNTS.active);
  for (const [path, cookie] of [
    ["/pricing.data", undefined],
    ["/de/features.data", undefined],
    ["/account.data", signedIn],
    ["/features.data", signedIn],
  ] as const) {
    const response = await request.get(path, {
      headers: cookie ? { Cookie: cookie } : {},
      maxRedirects: 0,
    });
    expect(response.status(), path).toBeLessThan(500);
    const cacheControl = response.headers()["cache-control"] ?? "";
    if (cookie) {
      expect(cacheControl, path).toBe("private, no-store");
    } else {
      expect(cacheControl, path).toBe(SHARED);
      // The same data for every visitor of the variant: a cache keys it on the cookie too.
      expect(response.headers()["vary"], path).toMatch(/^Cookie, /);
    }
  }
});
