import { MemoryStore, type Options, type Store } from "express-rate-limit";
import { describe, expect, it } from "vitest";
import { FallbackStore, type SharedHealth } from "./fallback-store";

const OPTIONS = { windowMs: 60_000 } as Options;

/** A shared store (Redis) that can be taken down: then every command fails. */
function sharedStore() {
  const memory = new MemoryStore();
  memory.init(OPTIONS);
  const state = { down: false, calls: 0 };
  const guard = () => {
    state.calls += 1;
    if (state.down) throw new Error("Command timed out");
  };
  const store: Store = {
    prefix: "keynest:rl:form:",
    increment: async (key) => (guard(), memory.increment(key)),
    get: async (key) => (guard(), memory.get(key)),
    decrement: async (key) => (guard(), memory.decrement(key)),
    resetKey: async (key) => (guard(), memory.resetKey(key)),
  };
  return { store, state };
}

function health(ready = true) {
  const seen = { failures: 0, successes: 0 };
  const value: SharedHealth & { ready: boolean } = {
    ready,
    failed: () => void (seen.failures += 1),
    succeeded: () => void (seen.successes += 1),
  };
  return { value, seen };
}

/** Two instances: each has its own local counts, both share one store. */
function twoInstances() {
  const shared = sharedStore();
  const make = () => {
    const h = health();
    const store = new FallbackStore(shared.store, new MemoryStore(), h.value);
    store.init(OPTIONS);
    return { store, health: h };
  };
  return { shared, a: make(), b: make() };
}

const hits = async (store: Store, key: string) => (await store.increment(key)).totalHits;

describe("FallbackStore (shared counts, this instance's own when Redis cannot answer)", () => {
  it("counts the hits of every instance together while the shared store answers", async () => {
    const { a, b } = twoInstances();
    expect(await hits(a.store, "ip form")).toBe(1);
    expect(await hits(b.store, "ip form")).toBe(2);
    expect(await hits(a.store, "ip form")).toBe(3);
    expect((await b.store.get("ip form"))?.totalHits).toBe(3);
  });

  it("falls back to this instance's own count (never fails, never lifts the limit)", async () => {
    const { shared, a, b } = twoInstances();
    await hits(a.store, "ip form");
    await hits(b.store, "ip form");
    shared.state.down = true;
    // Each instance holds the limit on its own: it counted its own hits all along.
    expect(await hits(a.store, "ip form")).toBe(2);
    expect(await hits(a.store, "ip form")).toBe(3);
    expect(await hits(b.store, "ip form")).toBe(2);
    expect(a.health.seen.failures).toBe(2);
  });

  it("goes back to the shared counts when the shared store answers again", async () => {
    const { shared, a } = twoInstances();
    await hits(a.store, "k");
    shared.state.down = true;
    await hits(a.store, "k");
    shared.state.down = false;
    expect(await hits(a.store, "k")).toBe(2);
    expect(a.health.seen.successes).toBeGreaterThan(0);
  });

  it("does not ask a disconnected shared store at all", async () => {
    const shared = sharedStore();
    const h = health(false);
    const store = new FallbackStore(shared.store, new MemoryStore(), h.value);
    store.init(OPTIONS);
    expect(await hits(store, "k")).toBe(1);
    expect(await store.get("k")).toMatchObject({ totalHits: 1 });
    expect(shared.state.calls).toBe(0);
  });

  it.each([
    ["a key the shared store does not hold", undefined],
    ["rate-limit-redis's NaN hits for a missing key", Number.NaN],
  ])("reads %s as no hits", async (_what, totalHits) => {
    const local = new MemoryStore();
    const store = new FallbackStore(
      {
        prefix: "p:",
        increment: async () => ({ totalHits: 1, resetTime: undefined }),
        get: async () =>
          totalHits === undefined ? undefined : { totalHits, resetTime: undefined },
        decrement: async () => undefined,
        resetKey: async () => undefined,
      },
      local,
      health().value,
    );
    store.init(OPTIONS);
    await local.increment("k");
    expect(await store.get("k")).toBeUndefined();
  });

  it("resets a key in both stores (a sign-in that worked)", async () => {
    const { a, b } = twoInstances();
    await hits(a.store, "k");
    await hits(b.store, "k");
    await a.store.resetKey("k");
    expect(await b.store.get("k")).toBeUndefined();
    expect(await hits(a.store, "k")).toBe(1);
  });

  it("takes a hit back in both stores (decrement)", async () => {
    const { a } = twoInstances();
    await hits(a.store, "k");
    await hits(a.store, "k");
    await a.store.decrement("k");
    expect((await a.store.get("k"))?.totalHits).toBe(1);
  });

  it("starts even when the shared store's set-up fails (Redis unreachable at start-up)", async () => {
    const h = health();
    const store = new FallbackStore(
      {
        prefix: "p:",
        init: () => Promise.reject(new Error("connect ECONNREFUSED")),
        increment: () => Promise.reject(new Error("offline")),
        decrement: async () => undefined,
        resetKey: async () => undefined,
      },
      new MemoryStore(),
      h.value,
    );
    store.init(OPTIONS);
    expect(await hits(store, "k")).toBe(1);
    await expect.poll(() => h.seen.failures).toBe(2);
  });

  it("keeps the shared store's prefix, so limiters sharing a class stay apart", () => {
    const { a } = twoInstances();
    expect(a.store.prefix).toBe("keynest:rl:form:");
    expect(a.store.localKeys).toBe(false);
  });
});
