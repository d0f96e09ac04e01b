import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import { CircuitBreaker } from "~/upstream/breaker";
import {
  upstreamBudgetLeft,
  withoutUpstreamBudget,
  withUpstreamBudget,
} from "~/upstream/budget.server";
import { SwrCache } from "~/upstream/cache.server";
import { UpstreamClient, type UpstreamCall } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";

const BASE = "http://upstream.test";
const anything = z.unknown();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("circuit breaker", () => {
  const policy = { threshold: 3, backoffMs: 1_000, maxBackoffMs: 4_000 };

  it("stays closed below the threshold and opens at it", () => {
    const time = clock();
    const breaker = new CircuitBreaker(policy, time.now);
    breaker.failure();
    breaker.failure();
    expect(breaker.state).toBe("closed");
    expect(breaker.allow()).toBe(true);
    breaker.failure();
    expect(breaker.state).toBe("open");
    expect(breaker.allow()).toBe(false);
  });

  it("lets one trial through after the pause; success closes it", () => {
    const time = clock();
    const breaker = new CircuitBreaker(policy, time.now);
    for (let i = 0; i < 3; i++) breaker.failure();
    time.advance(999);
    expect(breaker.allow()).toBe(false);
    time.advance(1);
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false); // only one trial at a time
    breaker.success();
    expect(breaker.state).toBe("closed");
    expect(breaker.allow()).toBe(true);
  });

  it("doubles the pause after each failed trial, up to the maximum", () => {
    const time = clock();
    const breaker = new CircuitBreaker(policy, time.now);
    for (let i = 0; i < 3; i++) breaker.failure();
    const pauses: number[] = [];
    for (let round = 0; round < 4; round++) {
      let waited = 0;
      while (!breaker.allow()) {
        time.advance(100);
        waited += 100;
      }
      pauses.push(waited);
      breaker.failure();
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 4_000]);
  });

  it("a trial that ends without a verdict (the caller gave up) lets the next caller try", () => {
    const time = clock();
    const breaker = new CircuitBreaker(policy, time.now);
    for (let i = 0; i < 3; i++) breaker.failure();
    time.advance(1_000);
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    breaker.release();
    expect(breaker.state).toBe("half-open");
    expect(breaker.allow()).toBe(true);
  });

  it("a success resets the count of failures", () => {
    const breaker = new CircuitBreaker(policy, clock().now);
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect(breaker.state).toBe("closed");
  });
});

describe("upstream client under faults", () => {
  it("cuts off an endless body instead of buffering it", async () => {
    let sent = 0;
    let cancelled = false;
    const endless = async () => {
      const chunk = new Uint8Array(64 * 1024).fill(32);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(stream, { headers: { "Content-Type": "application/json" } });
    };
    const client = new UpstreamClient({ baseUrl: BASE, fetch: endless, maxBodyBytes: 1024 * 1024 });
    const error = await rejection(client.request({ path: "/endless/", schema: anything }));
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe("RESPONSE_TOO_LARGE");
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    expect(cancelled).toBe(true);
  });

  it("refuses a body whose declared length is over the cap without reading it", async () => {
    const declared = async () =>
      new Response("{}", {
        headers: { "Content-Type": "application/json", "Content-Length": "99999999" },
      });
    const client = new UpstreamClient({ baseUrl: BASE, fetch: declared, maxBodyBytes: 1024 });
    const error = await rejection(client.request({ path: "/big/", schema: anything }));
    expect(error.code).toBe("RESPONSE_TOO_LARGE");
  });

  it("fails fast once the upstream has failed three times in a row", async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError("connect ECONNREFUSED")));
    const client = new UpstreamClient({ baseUrl: BASE, fetch: fetchImpl });
    for (let i = 0; i < 3; i++) {
      expect((await rejection(client.request({ path: "/x/", schema: anything }))).statusCode).toBe(
        502,
      );
    }
    const fast = await rejection(client.request({ path: "/x/", schema: anything }));
    expect(fast.statusCode).toBe(503);
    expect(fast.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("does not count a page the upstream does not have (4xx) as a failure", async () => {
    server.use(http.get(`${BASE}/api/missing/`, () => HttpResponse.json({}, { status: 404 })));
    const client = new UpstreamClient({ baseUrl: BASE });
    for (let i = 0; i < 5; i++) {
      expect(
        (await rejection(client.request({ path: "/missing/", schema: anything }))).statusCode,
      ).toBe(404);
    }
  });
});

describe("cached answers during an outage", () => {
  const policy = {
    ttlMs: 1_000,
    staleMs: 1_000,
    staleIfErrorMs: 60_000,
    max: 10,
    staleGraceMs: 50,
  };
  // cachified dates entries by Date.now(): the tests move the system clock (timers stay real).
  afterEach(() => void vi.useRealTimers());
  function time() {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    return { advance: (ms: number) => void vi.setSystemTime(Date.now() + ms) };
  }

  it("gives a visitor the stale copy within the grace, not after the upstream's timeout", async () => {
    const date = time();
    const cache = new SwrCache(policy);
    await cache.get("k", async () => "v1");
    date.advance(5_000); // past the stale window, within stale-if-error
    const hanging = vi.fn(() => new Promise<string>(() => undefined));
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", hanging)));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answers).toEqual(Array(20).fill("v1"));
    expect(hanging).toHaveBeenCalledTimes(1); // one refresh per key in flight
  });

  it("serves the stale copy at once when the refresh fails fast (open circuit)", async () => {
    const date = time();
    const cache = new SwrCache(policy);
    await cache.get("k", async () => "v1");
    date.advance(5_000);
    const failing = () =>
      Promise.reject(new UpstreamError(503, { message: "UPSTREAM_UNAVAILABLE" }));
    await expect(cache.get("k", failing)).resolves.toBe("v1");
  });

  it("refreshes the entry once the upstream answers again", async () => {
    const date = time();
    const cache = new SwrCache(policy);
    await cache.get("k", async () => "v1");
    date.advance(5_000);
    await cache.get("k", () => Promise.reject(new Error("down")));
    await expect(cache.get("k", async () => "v2")).resolves.toBe("v2");
    await expect(cache.get("k", async () => "v3")).resolves.toBe("v2");
  });

  it("still fails when there is no copy to fall back on", async () => {
    const cache = new SwrCache(policy);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });
});

describe("a visitor request's upstream budget", () => {
  const hanging = (_url: unknown, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
    );

  it("cuts a call at what is left of the budget, without a verdict on the upstream", async () => {
    const calls: UpstreamCall[] = [];
    const client = new UpstreamClient({
      baseUrl: BASE,
      fetch: hanging,
      onCall: (c) => calls.push(c),
    });
    const started = performance.now();
    for (let i = 0; i < 4; i++) {
      const error = await rejection(
        withUpstreamBudget(60, () => client.request({ path: "/coms/site/", schema: anything })),
      );
      expect(error.statusCode).toBe(504);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(calls.map((c) => c.code)).toEqual(Array(4).fill("REQUEST_BUDGET"));
    // Cut short by the visitor's budget, the calls say nothing about the upstream: still closed.
    expect(client.breakerState("content")).toBe("closed");
  });

  it("sends nothing once the budget is spent", async () => {
    const fetchImpl = vi.fn(hanging);
    const calls: UpstreamCall[] = [];
    const client = new UpstreamClient({
      baseUrl: BASE,
      fetch: fetchImpl,
      onCall: (c) => calls.push(c),
    });
    const error = await rejection(
      withUpstreamBudget(0, () => client.request({ path: "/coms/site/", schema: anything })),
    );
    expect(error.statusCode).toBe(504);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(calls).toEqual([{ path: "/coms/site/", code: "REQUEST_BUDGET", seconds: null }]);
  });

  it("counts a call that waited most of its own timeout as a timeout", async () => {
    const calls: UpstreamCall[] = [];
    const client = new UpstreamClient({
      baseUrl: BASE,
      fetch: hanging,
      onCall: (c) => calls.push(c),
    });
    for (let i = 0; i < 3; i++) {
      await rejection(
        withUpstreamBudget(1_000, () =>
          client.request({ path: "/coms/site/", schema: anything, timeoutMs: 80 }),
        ),
      );
    }
    expect(calls.map((c) => c.code)).toEqual(["TIMEOUT", "TIMEOUT", "TIMEOUT"]);
    expect(client.breakerState("content")).toBe("open");
  });

  it("lets work for every visitor (the sitemap) run outside the request that started it", async () => {
    expect(upstreamBudgetLeft()).toBe(Infinity);
    const inside = withUpstreamBudget(5_000, () => [
      upstreamBudgetLeft(),
      withoutUpstreamBudget(() => upstreamBudgetLeft()),
    ]);
    expect(inside[0]).toBeGreaterThan(4_000);
    expect(inside[0]).toBeLessThanOrEqual(5_000);
    expect(inside[1]).toBe(Infinity);
    // Also across awaits inside that work.
    const later = await withUpstreamBudget(5_000, () =>
      withoutUpstreamBudget(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return upstreamBudgetLeft();
      }),
    );
    expect(later).toBe(Infinity);
  });

  it("leaves calls outside a visitor request to their own timeout", async () => {
    server.use(http.get(`${BASE}/api/coms/site/`, () => HttpResponse.json({ ok: true })));
    const client = new UpstreamClient({ baseUrl: BASE });
    await expect(client.request({ path: "/coms/site/", schema: anything })).resolves.toEqual({
      ok: true,
    });
  });
});
