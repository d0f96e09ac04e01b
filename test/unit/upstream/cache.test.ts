import { afterEach, describe, expect, it, vi } from "vitest";
import { SwrCache, type CachePolicy } from "~/upstream/cache.server";

const POLICY: CachePolicy = { ttlMs: 1_000, staleMs: 5_000, staleIfErrorMs: 60_000, max: 100 };

// cachified dates entries by Date.now(): the tests move the system clock (timers stay real).
afterEach(() => void vi.useRealTimers());

function setup(policy: CachePolicy = POLICY) {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
  const clock = { advance: (ms: number) => void vi.setSystemTime(Date.now() + ms) };
  const cache = new SwrCache(policy);
  return { cache, clock };
}

/** A loader answering v1, v2, ... and counting its calls. */
function counter() {
  let n = 0;
  return vi.fn(async () => `v${++n}`);
}

const failing = () => vi.fn(() => Promise.reject(new Error("upstream down")));

describe("SwrCache", () => {
  // The windows include their last millisecond (cachified): fresh up to 1,000 ms, stale to 6,000.
  it.each([0, 500, 1_000])("serves a fresh entry %i ms old without loading", async (age) => {
    const { cache, clock } = setup();
    const load = counter();
    await cache.get("k", load);
    clock.advance(age);
    await expect(cache.get("k", load)).resolves.toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([1_001, 3_000, 6_000])(
    "serves an entry %i ms old at once while one background refresh runs",
    async (age) => {
      const { cache, clock } = setup();
      const load = counter();
      await cache.get("k", load);
      clock.advance(age);
      await expect(cache.get("k", load)).resolves.toBe("v1");
      // The refresh starts on the next turn of the event loop (cachified's staleRefreshTimeout).
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
      await vi.waitFor(() => expect(cache.get("k", load)).resolves.toBe("v2"));
    },
  );

  it("shares one refresh between concurrent gets of a stale entry", async () => {
    const { cache, clock } = setup();
    let release: (value: string) => void = () => undefined;
    const load = vi.fn((): Promise<string> =>
      load.mock.calls.length === 1
        ? Promise.resolve("v1")
        : new Promise((resolve) => {
            release = resolve;
          }),
    );
    await cache.get("k", load);
    clock.advance(2_000);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("k", load)));
    expect(answers).toEqual(["v1", "v1", "v1"]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).toHaveBeenCalledTimes(2);
    release("v2");
    await vi.waitFor(() => expect(cache.get("k", load)).resolves.toBe("v2"));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between concurrent gets of a missing key", async () => {
    const { cache } = setup();
    const load = counter();
    const answers = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(answers).toEqual(["v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([6_001, 30_000])("waits for a new load once the entry is %i ms old", async (age) => {
    const { cache, clock } = setup();
    const load = counter();
    await cache.get("k", load);
    clock.advance(age);
    await expect(cache.get("k", load)).resolves.toBe("v2");
  });

  it.each([
    ["inside the stale window", 2_000],
    ["past the stale window", 10_000],
    ["just inside stale-if-error", 59_999],
  ])("returns the old value when the refresh fails %s", async (_name, age) => {
    const { cache, clock } = setup();
    await cache.get("k", counter());
    clock.advance(age);
    await expect(cache.get("k", failing())).resolves.toBe("v1");
  });

  it("throws the loader's error when nothing is cached", async () => {
    const { cache } = setup();
    await expect(cache.get("k", failing())).rejects.toThrow("upstream down");
    expect(cache.size).toBe(0);
  });

  it("throws once the cached value is older than the stale-if-error window", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter());
    clock.advance(60_000);
    await expect(cache.get("k", failing())).rejects.toThrow("upstream down");
  });

  it("keeps at most max entries, evicting the least recently used", async () => {
    const { cache } = setup({ ...POLICY, max: 2 });
    const loads = { a: counter(), b: counter(), c: counter() };
    await cache.get("a", loads.a);
    await cache.get("b", loads.b);
    await cache.get("a", loads.a);
    await cache.get("c", loads.c);
    expect(cache.size).toBe(2);
    await cache.get("a", loads.a);
    await cache.get("b", loads.b);
    expect(loads.a).toHaveBeenCalledTimes(1);
    expect(loads.b).toHaveBeenCalledTimes(2);
  });

  it("forgets an entry on delete and everything on clear", async () => {
    const { cache } = setup();
    const load = counter();
    await cache.get("a", load);
    await cache.get("b", load);
    cache.delete("a");
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe("SwrCache areas", () => {
  /** Keys `search:…` in an area of 3, `site:…` in one of 2, the rest in the default area (max 2). */
  const AREAS: CachePolicy = {
    ...POLICY,
    max: 2,
    areas: { search: 3, site: 2 },
    areaOf: (key) => key.split(":")[0]!,
  };

  it("a flood of one area's keys never evicts another area's entries, fresh or stale", async () => {
    const { cache, clock } = setup(AREAS);
    const loads = { page: counter(), site: counter() };
    await cache.get("page:/security", loads.page);
    await cache.get("site:en", loads.site);
    clock.advance(10_000);
    for (let i = 0; i < 1_000; i++) await cache.get(`search:text ${i}`, counter());
    expect(cache.size).toBe(2 + 3);
    // Past the stale window, the upstream failing: the kept copies are served.
    await expect(cache.get("page:/security", failing())).resolves.toBe("v1");
    await expect(cache.get("site:en", failing())).resolves.toBe("v1");
    // The search area kept its three most recent.
    await expect(cache.get("search:text 999", failing())).resolves.toBe("v1");
    await expect(cache.get("search:text 996", failing())).rejects.toThrow("upstream down");
  });

  it("bounds each area by its own figure, least recently used first, the default area by max", async () => {
    const { cache } = setup(AREAS);
    for (const key of ["site:a", "site:b", "site:a", "site:c"]) await cache.get(key, counter());
    for (const key of ["x", "y", "z"]) await cache.get(key, counter());
    expect(cache.size).toBe(4);
    const a = counter();
    const b = counter();
    await cache.get("site:a", a);
    await cache.get("site:b", b);
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("forgets a key in its own area on delete, every area on clear", async () => {
    const { cache } = setup(AREAS);
    await cache.get("search:a", counter());
    await cache.get("site:a", counter());
    await cache.get("a", counter());
    cache.delete("search:a");
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("knows whether any area but the skipped ones holds answers it may still serve", async () => {
    const { cache } = setup(AREAS);
    await cache.get("search:a", counter());
    expect(cache.hasEntries()).toBe(true);
    expect(cache.hasEntries(["search"])).toBe(false);
    await cache.get("page:/", counter());
    expect(cache.hasEntries(["search"])).toBe(true);
  });
});

describe("SwrCache look-up reports (metrics)", () => {
  function reporting(policy: CachePolicy = POLICY) {
    const seen: string[] = [];
    const { cache, clock } = setup({ ...policy, onLookup: (result) => seen.push(result) });
    return { cache, clock, seen };
  }

  it("reports a miss, then fresh, then stale inside the stale window", async () => {
    const { cache, clock, seen } = reporting();
    const load = counter();
    await cache.get("k", load);
    await cache.get("k", load);
    clock.advance(2_000);
    await cache.get("k", load);
    expect(seen).toEqual(["miss", "fresh", "stale"]);
  });

  it("reports stale_if_error when the refresh past the stale window fails", async () => {
    const { cache, clock, seen } = reporting();
    await cache.get("k", counter());
    clock.advance(10_000);
    await expect(cache.get("k", failing())).resolves.toBe("v1");
    expect(seen).toEqual(["miss", "stale_if_error"]);
  });

  it("reports stale_if_error when the refresh outlasts the grace, a miss when it is in time", async () => {
    const { cache, clock, seen } = reporting({ ...POLICY, staleGraceMs: 20 });
    await cache.get("k", counter());
    clock.advance(10_000);
    const never = vi.fn(() => new Promise<string>(() => undefined));
    await expect(cache.get("k", never)).resolves.toBe("v1");
    const load = counter();
    await cache.get("other", load);
    clock.advance(10_000);
    await expect(cache.get("other", load)).resolves.toBe("v2");
    expect(seen).toEqual(["miss", "stale_if_error", "miss", "miss"]);
  });

  it("reports a miss when nothing usable is cached, even if the load fails", async () => {
    const { cache, seen } = reporting();
    await expect(cache.get("k", failing())).rejects.toThrow("upstream down");
    expect(seen).toEqual(["miss"]);
  });

  it("knows whether it holds answers it may still serve", async () => {
    const { cache, clock } = setup();
    expect(cache.hasEntries()).toBe(false);
    await cache.get("k", counter());
    expect(cache.hasEntries()).toBe(true);
    clock.advance(60_001);
    expect(cache.hasEntries()).toBe(false);
  });
});
