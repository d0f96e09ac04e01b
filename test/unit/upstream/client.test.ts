import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import { SwrCache } from "~/upstream/cache.server";
import { UPSTREAM_TIMEOUT_MS, UpstreamClient, buildUpstreamUrl } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";

const BASE = "http://upstream.test";
const NOW = 1_754_000_000_000;
const okSchema = z.object({ ok: z.boolean() });

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}
const seen: Seen[] = [];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

/** Answers every method on `path` with `reply`, recording what was received. */
function answer(path: string, reply: () => Response | Promise<Response>) {
  server.use(
    http.all(`${BASE}/api${path}`, async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.text(),
      });
      return reply();
    }),
  );
}

function client(options: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) {
  return new UpstreamClient({ baseUrl: `${BASE}/`, now: () => NOW, ...options });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("buildUpstreamUrl", () => {
  it.each([
    ["/coms/site/", { lang: "de" }, NOW, `${BASE}/api/coms/site/?lang=de&ts=${NOW}`],
    ["coms/site/", undefined, null, `${BASE}/api/coms/site/`],
    [
      "/coms/pages/page/",
      { path: "/de/features", x: null, y: undefined },
      null,
      `${BASE}/api/coms/pages/page/?path=%2Fde%2Ffeatures`,
    ],
    [
      "/orbitshield/sales/price-list/",
      { page: 2, flag: false },
      5,
      `${BASE}/api/orbitshield/sales/price-list/?page=2&flag=false&ts=5`,
    ],
  ] as const)("builds %s with %j and ts %j as %s", (path, query, ts, expected) => {
    expect(buildUpstreamUrl(BASE, path, query, ts).href).toBe(expected);
  });
});

describe("UpstreamClient requests (SPEC §7)", () => {
  it("keeps the 20 s default timeout", () => {
    expect(UPSTREAM_TIMEOUT_MS).toBe(20_000);
  });

  it("GETs under /api with a ts timestamp taken from now()", async () => {
    answer("/coms/site/", () => HttpResponse.json({ ok: true }));
    await expect(
      client().request({ path: "/coms/site/", query: { lang: "jp" }, schema: okSchema }),
    ).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.pathname).toBe("/api/coms/site/");
    expect(seen[0]?.url.searchParams.get("lang")).toBe("jp");
    expect(Number(seen[0]?.url.searchParams.get("ts"))).toBe(NOW);
  });

  it("POSTs a JSON body without a ts parameter", async () => {
    answer("/coms/subscribe/", () => HttpResponse.json({ ok: true }));
    await client().request({
      method: "POST",
      path: "/coms/subscribe/",
      body: { email: "a@b.example", list: [1, 2] },
      schema: okSchema,
    });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url.searchParams.has("ts")).toBe(false);
    expect(seen[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ email: "a@b.example", list: [1, 2] });
  });

  it.each([
    [{ authToken: "A1", accessToken: "B2" }, "A1", "B2"],
    [{ authToken: "A1" }, "A1", null],
    [{ accessToken: "B2", authToken: null }, null, "B2"],
    [{ authToken: "", accessToken: "" }, null, null],
    [null, null, null],
    [undefined, null, null],
  ])("with auth %j sends X-Auth-Token %j and X-Access-Token %j", async (auth, authH, accessH) => {
    answer("/orbitshield/auth/user-info/", () => HttpResponse.json({ ok: true }));
    await client().request({ path: "/orbitshield/auth/user-info/", auth, schema: okSchema });
    expect(seen[0]?.headers.get("x-auth-token")).toBe(authH);
    expect(seen[0]?.headers.get("x-access-token")).toBe(accessH);
  });
});

describe("UpstreamClient failures", () => {
  it.each([500, 401, 404, 429])(
    "rejects a %i with the upstream body plus statusCode",
    async (status) => {
      answer("/coms/site/", () =>
        HttpResponse.json({ message: "INVALID_USERNAME", detail: "x" }, { status }),
      );
      const error = await failure(client().request({ path: "/coms/site/", schema: okSchema }));
      expect(error.statusCode).toBe(status);
      expect(error.body).toEqual({ message: "INVALID_USERNAME", detail: "x", statusCode: status });
      expect(error.code).toBe("INVALID_USERNAME");
    },
  );

  it("rejects an error status with a non-JSON body as just the statusCode", async () => {
    answer("/coms/site/", () => new HttpResponse("<h1>Bad gateway</h1>", { status: 503 }));
    const error = await failure(client().request({ path: "/coms/site/", schema: okSchema }));
    expect(error.body).toEqual({ statusCode: 503 });
  });

  it.each([
    ["invalid JSON", () => new HttpResponse("{not json", { status: 200 }), "INVALID_JSON"],
    ["a schema mismatch", () => HttpResponse.json({ ok: "yes" }), "INVALID_RESPONSE"],
    ["a network error", () => HttpResponse.error(), "NETWORK_ERROR"],
  ])("turns %s into a 502 %s", async (_name, reply, message) => {
    answer("/coms/site/", reply);
    const error = await failure(client().request({ path: "/coms/site/", schema: okSchema }));
    expect(error.statusCode).toBe(502);
    expect(error.body).toMatchObject({ message, statusCode: 502 });
  });

  it("gives up after timeoutMs with a 504", async () => {
    answer("/coms/site/", async () => {
      await delay(200);
      return HttpResponse.json({ ok: true });
    });
    const error = await failure(
      client().request({ path: "/coms/site/", schema: okSchema, timeoutMs: 50 }),
    );
    expect(error.statusCode).toBe(504);
    expect(error.body).toMatchObject({ message: "TIMEOUT" });
  });
});

describe("UpstreamClient cache", () => {
  const policy = { ttlMs: 60_000, staleMs: 60_000, staleIfErrorMs: 60_000, max: 10 };

  it("serves repeated cached GETs from the cache", async () => {
    answer("/coms/site/", () => HttpResponse.json({ ok: true }));
    const c = client({ cache: new SwrCache(policy) });
    const req = { path: "/coms/site/", query: { lang: "de" }, schema: okSchema, cache: true };
    await c.request(req);
    await expect(c.request(req)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
  });

  it("keys the cache by query, so another language is fetched", async () => {
    answer("/coms/site/", () => HttpResponse.json({ ok: true }));
    const c = client({ cache: new SwrCache(policy) });
    await c.request({ path: "/coms/site/", query: { lang: "de" }, schema: okSchema, cache: true });
    await c.request({ path: "/coms/site/", query: { lang: "fr" }, schema: okSchema, cache: true });
    expect(seen.map((s) => s.url.searchParams.get("lang"))).toEqual(["de", "fr"]);
  });

  it.each([
    ["carry an auth token", { auth: { authToken: "A1" }, cache: true }],
    ["carry an access token", { auth: { accessToken: "B2" }, cache: true }],
    ["do not ask for the cache", { cache: false }],
    ["are POSTs without a cacheKey", { method: "POST" as const, cache: true }],
    [
      "are POSTs with a cacheKey and a token",
      { method: "POST" as const, cache: true, cacheKey: "k", auth: { authToken: "A1" } },
    ],
    ["are POSTs with a cacheKey but no cache", { method: "POST" as const, cacheKey: "k" }],
    ["are PUTs with a cacheKey", { method: "PUT" as const, cache: true, cacheKey: "k" }],
  ])("never caches calls that %s", async (_name, extra) => {
    answer("/orbitshield/auth/user-info/", () => HttpResponse.json({ ok: true }));
    const c = client({ cache: new SwrCache(policy) });
    const req = { path: "/orbitshield/auth/user-info/", schema: okSchema, ...extra };
    await c.request(req);
    await c.request(req);
    expect(seen).toHaveLength(2);
  });

  it("caches a POST only by its explicit cacheKey, apart from GETs of the same path", async () => {
    answer("/orbitshield/sales/price-list/", () => HttpResponse.json({ ok: true }));
    const c = client({ cache: new SwrCache(policy) });
    const path = "/orbitshield/sales/price-list/";
    const post = (cacheKey: string) =>
      c.request({
        method: "POST",
        path,
        body: { list: [1] },
        schema: okSchema,
        cache: true,
        cacheKey,
      });
    await post("1,2");
    await post("1,2");
    await post("1,3");
    await c.request({ path, schema: okSchema, cache: true });
    expect(seen.map((s) => `${s.method} ${s.body}`)).toEqual([
      'POST {"list":[1]}',
      'POST {"list":[1]}',
      "GET ",
    ]);
  });
});
