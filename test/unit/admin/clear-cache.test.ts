import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN_FAILURE_LIMIT,
  CLEAR_CACHE_PATH,
  clearCacheEndpoint,
  type ClearCacheOptions,
} from "~/admin/clear-cache.server";
import { clearUpstreamCaches, type UpstreamClearResult } from "~/upstream/clear-cache.server";
import { UpstreamClient } from "~/upstream/client.server";
import { SANDBOX_API_URL } from "~/config/config.server";
import { http, HttpResponse } from "msw";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

const TOKEN = "t0k3n-".repeat(8);

describe("POST /admin/clear-cache", () => {
  const done = { upstream: 0, caches: 0 };
  let upstreamAnswer: Record<string, UpstreamClearResult> = {};
  let base = "";
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const options: ClearCacheOptions = {
      token: TOKEN,
      clearUpstream: async () => {
        done.upstream += 1;
        return upstreamAnswer;
      },
      clearCaches: async () => {
        done.caches += 1;
        return {
          cleared: ["page-cache", "upstream-cache"],
          shared: { status: "cleared", generation: 42, listeners: 2 },
        };
      },
    };
    const app = express();
    app.set("trust proxy", "loopback");
    app.all(CLEAR_CACHE_PATH, clearCacheEndpoint(options));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  beforeEach(() => {
    done.upstream = 0;
    done.caches = 0;
    upstreamAnswer = { coms: { ok: true }, orbitshield: { ok: true } };
  });

  let visitor = 0;
  /** Each test is its own address, so the failure limit counts per test. */
  const post = (headers: Record<string, string>, ip = `198.18.7.${++visitor}`) =>
    fetch(`${base}${CLEAR_CACHE_PATH}`, {
      method: "POST",
      headers: { "X-Forwarded-For": ip, ...headers },
    });

  it("clears the upstream services' caches, then the site's, and says what it cleared", async () => {
    const response = await post({ Authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      upstream: { coms: { ok: true }, orbitshield: { ok: true } },
      cleared: ["page-cache", "upstream-cache"],
      shared: { status: "cleared", generation: 42, listeners: 2 },
      sharedCache: { status: "off" },
    });
    expect(done).toEqual({ upstream: 1, caches: 1 });
  });

  it("needs no body and no Origin (an operator's curl, not a browser form)", async () => {
    const response = await fetch(`${base}${CLEAR_CACHE_PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "198.18.8.1" },
    });
    expect(response.status).toBe(200);
  });

  it("answers 502 when an upstream service's clear failed, having cleared the site's caches", async () => {
    upstreamAnswer = { coms: { ok: true }, orbitshield: { ok: false, status: 503 } };
    const response = await post({ Authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      upstream: { orbitshield: { ok: false, status: 503 } },
      cleared: ["page-cache", "upstream-cache"],
    });
    expect(done.caches).toBe(1);
  });

  it.each([
    ["no Authorization header", {}],
    ["an empty bearer token", { Authorization: "Bearer " }],
    ["a wrong token", { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` }],
    ["the token one character short", { Authorization: `Bearer ${TOKEN.slice(1)}` }],
    ["the token as Basic credentials", { Authorization: `Basic ${TOKEN}` }],
    ["the token in another header", { "X-Admin-Token": TOKEN }],
  ])("refuses %s with 401 and clears nothing", async (_what, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(done).toEqual({ upstream: 0, caches: 0 });
  });

  it("takes the right token in an Authorization header of 1024 characters, refuses 1025", async () => {
    /** The token after as many spaces as make the header `length` characters long. */
    const header = (length: number) => `Bearer${" ".repeat(length - 6 - TOKEN.length)}${TOKEN}`;
    expect(header(1024)).toHaveLength(1024);
    expect((await post({ Authorization: header(1024) })).status).toBe(200);
    expect(done).toEqual({ upstream: 1, caches: 1 });

    expect(header(1025)).toHaveLength(1025);
    expect((await post({ Authorization: header(1025) })).status).toBe(401);
    expect(done).toEqual({ upstream: 1, caches: 1 });
  });

  it(`refuses every attempt from an address after ${ADMIN_FAILURE_LIMIT} wrong tokens, even the right one`, async () => {
    const ip = "198.18.9.9";
    for (let i = 0; i < ADMIN_FAILURE_LIMIT; i++) {
      expect((await post({ Authorization: "Bearer guess" }, ip)).status).toBe(401);
    }
    expect((await post({ Authorization: "Bearer guess" }, ip)).status).toBe(429);
    const right = await post({ Authorization: `Bearer ${TOKEN}` }, ip);
    expect(right.status).toBe(429);
    expect(done.caches).toBe(0);
    // Another address is not affected.
    expect((await post({ Authorization: `Bearer ${TOKEN}` }, "198.18.9.10")).status).toBe(200);
  });

  it("does not count clears with the right token against the limit", async () => {
    const ip = "198.18.10.10";
    for (let i = 0; i < ADMIN_FAILURE_LIMIT + 2; i++) {
      expect((await post({ Authorization: `Bearer ${TOKEN}` }, ip)).status).toBe(200);
    }
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and clears nothing", async (method) => {
    const response = await fetch(`${base}${CLEAR_CACHE_PATH}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(done).toEqual({ upstream: 0, caches: 0 });
  });
});

describe("clearUpstreamCaches (the sandbox answers both clears)", () => {
  const upstream = setupSandboxUpstream();
  const client = () => new UpstreamClient({ baseUrl: SANDBOX_API_URL });

  it("calls GET /coms/clear-cache/ and GET /{provider}/clear-cache/", async () => {
    await expect(clearUpstreamCaches(client(), "orbitshield")).resolves.toEqual({
      coms: { ok: true },
      orbitshield: { ok: true },
    });
    expect(upstream.recorder.all("coms.clear-cache")).toHaveLength(1);
    expect(upstream.recorder.all("provider.clear-cache")).toHaveLength(1);
    expect(upstream.calls().map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining(["GET /coms/clear-cache/", "GET /orbitshield/clear-cache/"]),
    );
  });

  it("reports a service that failed, with its status and error key, without throwing", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/clear-cache/"), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    await expect(clearUpstreamCaches(client(), "orbitshield")).resolves.toEqual({
      coms: { ok: true },
      orbitshield: { ok: false, status: 503, code: "SERVER_MAINTENANCE" },
    });
  });
});
