/**
 * What a CDN or any shared cache in front of the site may do with its HTML (decision 004): every
 * page carries its own CSP nonce, so no shared cache may reuse a stored page without asking the
 * site again — anonymous pages are `public, max-age=0, must-revalidate` (the in-process page cache
 * replays them with a fresh nonce), anything rendered for a session, a flash, an order or an
 * error is `private, no-store` or `no-store`. Checked on the built server, response by response.
 */
import { expect, test } from "./fixtures";
import { ACCOUNTS, signInApart } from "./sign-in-session";

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
  expect(sharedCacheMayReuse("public, max-age=0, must-revalidate")).toBe(false);
  expect(sharedCacheMayReuse("private, no-store")).toBe(false);
  expect(sharedCacheMayReuse("no-store")).toBe(false);
  expect(sharedCacheMayReuse("public, max-age=60")).toBe(true);
  expect(sharedCacheMayReuse("public, max-age=0, s-maxage=300")).toBe(true);
  expect(sharedCacheMayReuse("public, max-age=0, stale-while-revalidate=60")).toBe(true);
});

/** Stands for a session of the active demo account, signed in by the test itself. */
const SIGNED_IN = "signed-in";

const CASES: { what: string; path: string; cookie?: string; status: number; personal: boolean }[] =
  [
    { what: "the home page", path: "/", status: 200, personal: false },
    { what: "a German content page", path: "/de/features", status: 200, personal: false },
    { what: "a blog post", path: "/blog/passkeys-explained", status: 200, personal: false },
    { what: "a search", path: "/search?q=vault", status: 200, personal: false },
    { what: "an unknown page (404)", path: "/de/gibt-es-nicht", status: 404, personal: false },
    { what: "a failing page (503)", path: "/sandbox/fault", status: 503, personal: true },
    { what: "the checkout", path: "/order/checkout?plan=102", status: 200, personal: true },
    {
      what: "an order's outcome",
      path: "/payment-success?order=102-0a1b2c3d4e5f-00000001",
      status: 200,
      personal: true,
    },
    { what: "the sign-in page", path: "/sign-in", status: 200, personal: true },
    {
      what: "a content page for a signed-in visitor",
      path: "/features",
      cookie: SIGNED_IN,
      status: 200,
      personal: true,
    },
    {
      what: "the account page",
      path: "/account",
      cookie: SIGNED_IN,
      status: 200,
      personal: true,
    },
    {
      what: "a page shown with a one-time flash",
      path: "/features",
      cookie: "kn_flash=newsletter.ok",
      status: 200,
      personal: true,
    },
  ];

for (const { what, path, status, personal, ...rest } of CASES) {
  let cookie = rest.cookie;
  test(`${what}: no shared cache may replay it`, async ({ playwright, request, baseURL }) => {
    if (cookie === SIGNED_IN) cookie = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const response = await request.get(path, {
      headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(status);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(sharedCacheMayReuse(cacheControl), cacheControl).toBe(false);
    if (personal) expect(cacheControl).toMatch(/no-store/);
    else expect(cacheControl).toBe("public, max-age=0, must-revalidate");
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
