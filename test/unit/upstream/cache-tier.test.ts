import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  SwrCache,
  type CachePolicy,
  type SharedEntry,
  type SharedTier,
} from "~/upstream/cache.server";
import { UpstreamClient } from "~/upstream/client.server";

const POLICY: CachePolicy = { ttlMs: 1_000, staleMs: 5_000, staleIfErrorMs: 60_000, max: 100 };
/** The longest window: what a shared entry lives for. */
const LIFETIME = 60_000;

/** A shared tier in memory (the role Redis plays), that can hang or fail on reads. */
function fakeTier() {
  const entries = new Map<string, { entry: SharedEntry; ttlMs: number }>();
  const claims = new Set<string>();
  const calls = { get: 0, set: 0, claim: 0 };
  const state = { reads: "answer" as "answer" | "hang" | "fail" };
  const tier: SharedTier = {
    async get(key) {
      calls.get += 1;
      if (state.reads === "hang") return new Promise<never>(() => undefined);
      if (state.reads === "fail") throw new Error("Command timed out");
      return entries.get(key)?.entry;
    },
    async set(key, entry, ttlMs) {
      calls.set += 1;
      entries.set(key, { entry, ttlMs });
    },
    async claim(key) {
      calls.claim += 1;
      if (claims.has(key)) return false;
      claims.add(key);
      return true;
    },
  };
  return { tier, entries, claims, calls, state };
}

/** Instances sharing one tier and one clock, each with its own in-process cache. */
function cluster(options: { tierWaitMs?: number } = {}) {
  // cachified dates entries by Date.now(): the tests move the system clock (timers stay real).
  vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
  const shared = fakeTier();
  const instance = () => new SwrCache(POLICY, { tier: shared.tier, ...options });
  return {
    shared,
    a: instance(),
    b: instance(),
    advance: (ms: number) => void vi.setSystemTime(Date.now() + ms),
    now: () => Date.now(),
  };
}

afterEach(() => void vi.useRealTimers());

/** A loader answering `<name>1`, `<name>2`, ... and counting its calls. */
function loader(name: string) {
  let n = 0;
  return vi.fn(async () => `${name}${++n}`);
}

/** Lets the background work queued by a get (tier reads, claims, refreshes) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("SwrCache with a shared tier", () => {
  it("answers a miss on one instance from what another fetched: no second upstream call", async () => {
    const { a, b } = cluster();
    const loadA = loader("a");
    const loadB = loader("b");
    await expect(a.get("k", loadA)).resolves.toBe("a1");
    await expect(b.get("k", loadB)).resolves.toBe("a1");
    expect(loadB).not.toHaveBeenCalled();
  });

  it("writes every fetched answer to the tier with its fetch time, for the longest window", async () => {
    const { a, shared, now } = cluster();
    await a.get("k", loader("a"));
    expect(shared.entries.get("k")).toEqual({
      entry: { value: "a1", storedAt: now() },
      ttlMs: LIFETIME,
    });
  });

  it("keeps what it took from the tier: the next get asks neither the tier nor the upstream", async () => {
    const { a, b, shared } = cluster();
    await a.get("k", loader("a"));
    const loadB = loader("b");
    await b.get("k", loadB);
    const reads = shared.calls.get;
    await expect(b.get("k", loadB)).resolves.toBe("a1");
    expect(shared.calls.get).toBe(reads);
    expect(loadB).not.toHaveBeenCalled();
  });

  // Freshness follows the time the answer was fetched, on whichever instance fetched it.
  it.each<[string, number, string, number]>([
    ["fresh", 500, "a1", 0],
    ["stale: served at once, one refresh behind it", 3_000, "a1", 1],
    ["past the stale window: fetched again", 10_000, "b1", 1],
    ["past every window: ignored", 70_000, "b1", 1],
  ])("takes a shared answer that is %s (%i ms old)", async (_what, age, answer, loads) => {
    const { a, b, advance } = cluster();
    await a.get("k", loader("a"));
    advance(age);
    const loadB = loader("b");
    await expect(b.get("k", loadB)).resolves.toBe(answer);
    await settle();
    expect(loadB).toHaveBeenCalledTimes(loads);
  });

  it("refreshes a stale answer on one instance; the other takes the new one from the tier", async () => {
    const { a, b, shared, advance } = cluster();
    const loadA = loader("a");
    const loadB = loader("b");
    await a.get("k", loadA);
    await b.get("k", loadB);
    advance(2_000);
    await expect(a.get("k", loadA)).resolves.toBe("a1");
    await vi.waitFor(() => expect(shared.entries.get("k")?.entry.value).toBe("a2"));
    await expect(b.get("k", loadB)).resolves.toBe("a1");
    await settle();
    await expect(b.get("k", loadB)).resolves.toBe("a2");
    expect(loadB).not.toHaveBeenCalled();
  });

  it("serves its stale copy without fetching while another instance holds the refresh", async () => {
    const { a, b, shared, advance } = cluster();
    await a.get("k", loader("a"));
    const loadB = loader("b");
    await b.get("k", loadB);
    advance(2_000);
    shared.claims.add("k");
    await expect(b.get("k", loadB)).resolves.toBe("a1");
    await settle();
    expect(shared.calls.claim).toBe(1);
    expect(loadB).not.toHaveBeenCalled();
  });

  it("replaces its own copy past the stale window with a newer one from the tier", async () => {
    const { a, b, advance } = cluster();
    const loadB = loader("b");
    await b.get("k", loadB);
    advance(10_000);
    // a finds b's answer too old to serve at once and fetches its own: now in the tier.
    await expect(a.get("k", loader("a"))).resolves.toBe("a1");
    await expect(b.get("k", loadB)).resolves.toBe("a1");
    expect(loadB).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["does not answer in time", "hang" as const],
    ["fails", "fail" as const],
  ])("fetches the answer itself when the tier %s", async (_what, reads) => {
    const { a, shared } = cluster({ tierWaitMs: 20 });
    shared.state.reads = reads;
    const started = Date.now();
    await expect(a.get("k", loader("a"))).resolves.toBe("a1");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("asks the tier once for concurrent misses of one key", async () => {
    const { a, shared } = cluster();
    const load = loader("a");
    const answers = await Promise.all([a.get("k", load), a.get("k", load), a.get("k", load)]);
    expect(answers).toEqual(["a1", "a1", "a1"]);
    expect(shared.calls.get).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not count an answer from an instance whose clock runs ahead as fresher than now", async () => {
    const { b, shared, advance, now } = cluster();
    shared.entries.set("k", { entry: { value: "ahead", storedAt: now() + 30_000 }, ttlMs: 1 });
    const loadB = loader("b");
    await expect(b.get("k", loadB)).resolves.toBe("ahead");
    advance(1_500);
    await expect(b.get("k", loadB)).resolves.toBe("ahead");
    await settle();
    expect(loadB).toHaveBeenCalledTimes(1);
  });

  it("stores an answer fetched across a clear in neither tier", async () => {
    const { a, shared } = cluster();
    let release: (value: string) => void = () => undefined;
    const pending = a.get(
      "k",
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    await settle();
    a.clear();
    release("old");
    await expect(pending).resolves.toBe("old");
    expect(a.size).toBe(0);
    expect(shared.calls.set).toBe(0);
    await expect(a.get("k", loader("new"))).resolves.toBe("new1");
  });

  it("ignores a tier read that comes back after a clear", async () => {
    const { a, shared } = cluster();
    shared.entries.set("k", { entry: { value: "old", storedAt: 1_000_000 }, ttlMs: LIFETIME });
    const load = loader("new");
    const pending = a.get("k", load);
    a.clear();
    await expect(pending).resolves.toBe("new1");
  });
});

describe("UpstreamClient over a shared tier", () => {
  const page = z.object({ title: z.string() });

  function instance(tier: SharedTier) {
    const fetch = vi.fn(async () => Response.json({ title: "Features" }));
    const client = new UpstreamClient({
      baseUrl: "http://upstream.test",
      cache: new SwrCache(POLICY, { tier }),
      fetch,
    });
    return { client, fetch };
  }

  it("shares a cached GET: the second instance makes no upstream call", async () => {
    const shared = fakeTier();
    const a = instance(shared.tier);
    const b = instance(shared.tier);
    const call = { path: "/coms/pages/page/", query: { path: "/features" }, schema: page };
    await a.client.request({ ...call, cache: true });
    await expect(b.client.request({ ...call, cache: true })).resolves.toEqual({
      title: "Features",
    });
    expect(b.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["a visitor's auth token", { authToken: "visitor-token" }],
    ["a visitor's access token", { accessToken: "visitor-access" }],
  ])("never shares (or caches) a call carrying %s", async (_what, auth) => {
    const shared = fakeTier();
    const a = instance(shared.tier);
    const call = { path: "/coms/pages/page/", query: { path: "/account" }, schema: page, auth };
    await a.client.request({ ...call, cache: true });
    await a.client.request({ ...call, cache: true });
    expect(a.fetch).toHaveBeenCalledTimes(2);
    expect(shared.calls).toEqual({ get: 0, set: 0, claim: 0 });
    expect(shared.entries.size).toBe(0);
  });

  it.each([
    ["a call not marked cacheable", { method: "GET" as const, cache: false }],
    ["a POST without a cache key", { method: "POST" as const, cache: true }],
  ])("never shares %s", async (_what, options) => {
    const shared = fakeTier();
    const a = instance(shared.tier);
    await a.client.request({ path: "/coms/subscribe/", schema: page, ...options });
    expect(shared.calls).toEqual({ get: 0, set: 0, claim: 0 });
  });
});
