/**
 * What an attacker would try, each answered as the site should: fast, on-site, in 4xx, without
 * leaking one visitor's page to another. Runs once (no browser involved).
 */
import { expect, test } from "./fixtures";
import { rawRequest, requestHead } from "./raw-http";
import { ACCOUNTS, signInApart } from "./sign-in-session";

const HTML = { Accept: "text/html", "User-Agent": "Mozilla/5.0 Chrome/156.0" };

test.describe("long paths", () => {
  test("20 requests with 8000 segments leave the health check under 100 ms", async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // A different query each time: no cached answer may hide the cost of matching the path.
    const path = (i: number) => `/de${"/a".repeat(8000)}?x=${i}-${Date.now()}`;
    await rawRequest(baseURL!, requestHead("GET", "/healthz"));
    const attacks = Array.from({ length: 20 }, (_, i) =>
      rawRequest(baseURL!, requestHead("GET", path(i), HTML), "", 120_000),
    );
    // Five probes while the attack runs; the median is what a visitor sees (one probe may meet
    // a garbage collection or another test's load on this 2-core machine).
    const probes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const health = await rawRequest(baseURL!, requestHead("GET", "/healthz"));
      expect(health.status).toBe(200);
      probes.push(health.ms);
    }
    const answers = await Promise.all(attacks);
    probes.sort((a, b) => a - b);
    expect(probes[2], `health check times ${probes.map(Math.round).join(", ")} ms`).toBeLessThan(
      100,
    );
    for (const answer of answers) {
      expect([404, 414]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(1_000);
    }
  });

  test("a path just over the segment limit is a fast, localized 404", async ({ baseURL }) => {
    const answer = await rawRequest(baseURL!, requestHead("GET", `/de${"/a".repeat(40)}`, HTML));
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("Diese Seite");
  });
});

test.describe("redirects built from the path stay on the site", () => {
  for (const target of [
    "//evil.com/",
    "/\\evil.com/",
    "///evil.com/",
    "/.//evil.com/",
    "/%2e%2e//evil.com/",
  ]) {
    test(`GET ${target}`, async ({ baseURL }) => {
      const answer = await rawRequest(baseURL!, requestHead("GET", target, HTML));
      expect(answer.status).toBeLessThan(500);
      const location = answer.headers.location;
      if (location !== undefined) {
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
      }
    });
  }
});

test.describe("the Host header is never trusted", () => {
  test("canonical, hreflang and og URLs use the configured origin, and the cache keeps it", async ({
    baseURL,
    request,
  }) => {
    const forged = await rawRequest(
      baseURL!,
      requestHead(
        "GET",
        "/pricing",
        { ...HTML, "X-Forwarded-Host": "www.evil.example", "X-Forwarded-Proto": "https" },
        "www.evil.example",
      ),
    );
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain("evil.example");
    const later = await (await request.get("/pricing", { headers: HTML })).text();
    expect(later).not.toContain("evil.example");
    expect(later).toContain(`<link rel="canonical" href="${baseURL}/pricing"`);
    expect(later).toMatch(new RegExp(`property="og:url" content="${baseURL}/pricing"`));
  });
});

test.describe("pages rendered for a session", () => {
  test("a signed-in visitor's 404 is private and never cached", async ({
    playwright,
    request,
    baseURL,
  }) => {
    const cookie = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const answer = await request.get("/no-such-page-here", {
      headers: { ...HTML, Cookie: cookie },
    });
    expect(answer.status()).toBe(404);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
  });

  test("session ids and tokens never appear in the HTML; the vault link adds the id by redirect", async ({
    playwright,
    request,
    baseURL,
  }) => {
    const cookie = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const handoff = await request.get("/action/vault", {
      headers: { Cookie: cookie },
      maxRedirects: 0,
    });
    expect(handoff.status()).toBe(302);
    expect(handoff.headers()["cache-control"]).toBe("private, no-store");
    const location = handoff.headers()["location"] ?? "";
    expect(location).toMatch(/^https:\/\/vault\.keynest\.example\?session=[0-9a-f]{24}$/);
    const vaultSession = new URL(location).searchParams.get("session")!;
    const html = await (
      await request.get("/features", { headers: { ...HTML, Cookie: cookie } })
    ).text();
    // The web vault's session and the account's tokens (they start with its demo token).
    for (const secret of [vaultSession, "sandbox-monthly"]) expect(html).not.toContain(secret);
    expect(html).toContain('href="/action/vault"');
  });
});

test.describe("request bodies", () => {
  test("a form body over 64 KB is refused with 413, one sent in chunks with 411", async ({
    baseURL,
  }) => {
    const origin = baseURL!;
    const big = Buffer.alloc(200 * 1024, "a");
    const declared = await rawRequest(
      baseURL!,
      requestHead("POST", "/action/dismiss", {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(big.length),
      }),
      big,
    );
    expect(declared.status).toBe(413);
    const chunk = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    const chunked = await rawRequest(
      baseURL!,
      requestHead("POST", "/action/dismiss", {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
      }),
      Buffer.concat([chunk(Buffer.from("to=")), chunk(big), Buffer.from("0\r\n\r\n")]),
    );
    expect(chunked.status).toBe(411);
    expect(chunked.headers.location).toBeUndefined();
  });
});

test.describe("cookies", () => {
  test("a malformed cookie is ignored and cleared, not a 500", async ({ request }) => {
    for (const cookie of ["dismissed=%E0", "lang=%", `dismissed=${"cookie.".repeat(2000)}`]) {
      const answer = await request.get("/", { headers: { ...HTML, Cookie: cookie } });
      expect(answer.status(), cookie).toBe(200);
      expect(answer.headers()["set-cookie"], cookie).toMatch(/Max-Age=0/);
    }
  });
});

test.describe("wrong methods, targets and bodies get a 4xx page", () => {
  const cases: [string, string, Record<string, string>, string, number][] = [
    ["POST", "/action/set-language", { "Content-Type": "application/json" }, "{}", 415],
    ["POST", "/action/dismiss", { "Content-Type": "text/plain" }, "notice=cookie", 415],
    ["TRACE", "/", {}, "", 405],
    ["PUT", "/action/dismiss", {}, "", 405],
    ["DELETE", "/action/logout", {}, "", 405],
    ["PATCH", "/action/set-language", {}, "", 405],
    ["GET", "http://evil.example/features", {}, "", 400],
    ["OPTIONS", "*", {}, "", 400],
  ];
  for (const [method, target, headers, body, status] of cases) {
    test(`${method} ${target} → ${status}`, async ({ baseURL }) => {
      const all = {
        ...headers,
        Origin: baseURL!,
        "Content-Length": String(Buffer.byteLength(body)),
      };
      const answer = await rawRequest(baseURL!, requestHead(method, target, all), body);
      expect(answer.status).toBe(status);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain("<h1>");
      if (status === 405) expect(answer.headers.allow).toBe("GET, HEAD, POST");
    });
  }
});

test.describe("cross-site posts", () => {
  test("a post from another origin is refused and signs nobody out", async ({
    playwright,
    request,
    baseURL,
  }) => {
    const cookie = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Referer: "https://evil.example/x" },
      {},
    ];
    for (const headers of forged) {
      const answer = await request.post("/action/logout", {
        headers: { ...headers, Cookie: cookie },
        form: { to: "/" },
        maxRedirects: 0,
      });
      expect(answer.status(), JSON.stringify(headers)).toBe(403);
      expect(answer.headers()["set-cookie"]).toBeUndefined();
    }
  });

  test("a post from the site's own pages goes through", async ({ request, baseURL }) => {
    const answer = await request.post("/action/logout", {
      headers: { Origin: baseURL! },
      form: { to: "/pricing" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers()["location"]).toBe("/pricing");
  });
});
