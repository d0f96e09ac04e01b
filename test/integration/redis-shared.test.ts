import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SessionStore } from "~/account/session-store.server";
import { registerLocalCache } from "~/redis/local-caches.server";
import { createLogger } from "~/observability/log.server";
import { RedisConnection } from "~/redis/connection.server";
import { Allowance } from "~/forms/limits/allowance.server";
import { SwrCache, type CachePolicy } from "~/upstream/cache.server";
import { RedisTier } from "~/upstream/redis-tier.server";
import { MAX_SHARED_ENTRY_BYTES } from "~/upstream/shared-entry";
import { startRedis, type TestRedis } from "./support/redis-server";

// These tests start and stop a real redis-server; on a slow, busy machine that takes a while.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** Waits for what Redis and the instances do in the background; a slow machine gets time. */
const eventually = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50 });

const POLICY: CachePolicy = {
  ttlMs: 60_000,
  staleMs: 600_000,
  staleIfErrorMs: 86_400_000,
  max: 100,
};
const LIFETIME_MS = 86_400_000;
const NAMESPACE = "test-build";

interface Instance {
  connection: RedisConnection;
  logs: { level: string; msg: string }[];
  cache: SwrCache;
  tier: RedisTier;
}

let redis: TestRedis;
let prefixCount = 0;
const opened: RedisConnection[] = [];

/** One site instance's Redis side: its connection, its logs, its upstream cache. */
function instance(prefix: string): Instance {
  const logs: Instance["logs"] = [];
  const log = createLogger("info", {
    write: (line: string) => void logs.push(JSON.parse(line) as Instance["logs"][number]),
  });
  const connection = new RedisConnection({ url: redis.url, keyPrefix: prefix, log });
  connection.cacheNamespace = NAMESPACE;
  opened.push(connection);
  const tier = new RedisTier(connection);
  return { connection, logs, tier, cache: new SwrCache(POLICY, { tier }) };
}

/** Two instances of one site (one key prefix per test, so tests never see each other's keys). */
async function twoInstances() {
  const prefix = `t${++prefixCount}:`;
  const a = instance(prefix);
  const b = instance(prefix);
  await eventually(() => {
    expect(a.connection.generation).toBeTypeOf("number");
    expect(b.connection.generation).toBeTypeOf("number");
  });
  return { a, b, prefix };
}

const count = (logs: Instance["logs"], text: string) =>
  logs.filter((line) => line.msg.includes(text)).length;

function loader(name: string) {
  let n = 0;
  return vi.fn(async () => ({ title: `${name}${++n}` }));
}

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  redis.thaw();
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
  // The next test gets a new, empty server, running.
  await redis.stop();
  await redis.start();
});
afterAll(async () => {
  await redis?.stop();
});

describe("the connection", () => {
  it("starts a missing generation at the current time, so old numbers never come back", async () => {
    const before = Date.now();
    const { a, b } = await twoInstances();
    expect(a.connection.generation).toBeGreaterThanOrEqual(before);
    expect(b.connection.generation).toBe(a.connection.generation);
    expect(count(a.logs, "Redis connected")).toBe(1);
  });

  it("clears every instance: a new generation, heard by the other instance", async () => {
    const { a, b } = await twoInstances();
    let clears = 0;
    registerLocalCache("test-counter", () => void (clears += 1));
    const before = a.connection.generation!;
    const result = await a.connection.clearEverywhere();
    expect(result.cleared).toContain("test-counter");
    expect(result.shared).toEqual({ generation: before + 1, listeners: 2 });
    await eventually(() => expect(b.connection.generation).toBe(before + 1));
    // Its own clear, then the other instance's on hearing it (one process holds both here).
    await eventually(() => expect(clears).toBe(2));
    expect(count(b.logs, "Caches cleared by another instance")).toBe(1);
    expect(count(a.logs, "Caches cleared by another instance")).toBe(0);
  });

  it("logs an outage once, however many commands meet it, and its end once", async () => {
    const { a } = await twoInstances();
    await redis.stop();
    for (let i = 0; i < 20; i++) await a.tier.get(`k${i}`);
    await eventually(() => expect(count(a.logs, "Redis unavailable")).toBe(1));
    await redis.start();
    await eventually(() => expect(count(a.logs, "Redis reachable again")).toBe(1));
    expect(count(a.logs, "Redis unavailable")).toBe(1);
  });

  it("catches up after an outage: a changed generation clears its caches", async () => {
    const { a } = await twoInstances();
    let clears = 0;
    registerLocalCache("test-counter", () => void (clears += 1));
    const before = a.connection.generation;
    await redis.stop();
    // A new, empty Redis: the generation starts again (at the current time).
    await redis.start();
    await eventually(() => expect(a.connection.generation).not.toBe(before));
    expect(clears).toBeGreaterThanOrEqual(1);
    expect(count(a.logs, "a clear came while away")).toBeGreaterThanOrEqual(1);
  });

  it("announces a clear made while Redis was down as soon as it is back", async () => {
    const { a, b } = await twoInstances();
    await redis.stop();
    const result = await a.connection.clearEverywhere();
    expect(result.shared).toBeNull();
    await redis.start();
    await eventually(() => expect(count(a.logs, "announced now")).toBe(1));
    await eventually(() => expect(b.connection.generation).toBe(a.connection.generation));
  });
});

describe("the upstream cache's shared tier", () => {
  it("answers one instance's miss with what the other fetched", async () => {
    const { a, b } = await twoInstances();
    const loadB = loader("b");
    await a.cache.get("/coms/site/?lang=de", loader("a"));
    await expect(b.cache.get("/coms/site/?lang=de", loadB)).resolves.toEqual({ title: "a1" });
    expect(loadB).not.toHaveBeenCalled();
  });

  it("stores an answer for its longest window, with the time it was fetched", async () => {
    const { a } = await twoInstances();
    const before = Date.now();
    await a.cache.get("/coms/site/", loader("a"));
    const key = a.connection.keys.cacheEntry(NAMESPACE, a.connection.generation!, "/coms/site/");
    const ttl = await a.connection.client.pttl(key);
    expect(ttl).toBeGreaterThan(LIFETIME_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(LIFETIME_MS);
    const stored = JSON.parse((await a.connection.client.get(key))!) as { t: number; v: unknown };
    expect(stored.v).toEqual({ title: "a1" });
    expect(stored.t).toBeGreaterThanOrEqual(before);
  });

  it("keeps answers over the size bound to each instance", async () => {
    const { a, b } = await twoInstances();
    const huge = { body: "x".repeat(MAX_SHARED_ENTRY_BYTES) };
    await a.cache.get("/coms/pages/page/?path=/huge", async () => huge);
    const loadB = vi.fn(async () => huge);
    await b.cache.get("/coms/pages/page/?path=/huge", loadB);
    expect(loadB).toHaveBeenCalledTimes(1);
    const key = a.connection.keys.cacheEntry(
      NAMESPACE,
      a.connection.generation!,
      "/coms/pages/page/?path=/huge",
    );
    expect(await a.connection.client.exists(key)).toBe(0);
  });

  it("lets one instance at a time claim a refresh, for the claim's time only", async () => {
    const { a, b } = await twoInstances();
    expect(await a.tier.claim("/coms/site/", 300)).toBe(true);
    expect(await b.tier.claim("/coms/site/", 300)).toBe(false);
    expect(await a.tier.claim("/coms/site/", 300)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await b.tier.claim("/coms/site/", 300)).toBe(true);
  });

  it("drops every shared answer with a clear (a new generation) on every instance", async () => {
    const { a, b } = await twoInstances();
    await a.cache.get("/coms/site/", loader("a"));
    await a.connection.clearEverywhere();
    await eventually(() => expect(b.connection.generation).toBe(a.connection.generation));
    b.cache.clear();
    const loadB = loader("b");
    await expect(b.cache.get("/coms/site/", loadB)).resolves.toEqual({ title: "b1" });
  });

  it("sweeps the answers of earlier generations out of Redis after a clear", async () => {
    const { a, prefix } = await twoInstances();
    for (const path of ["/coms/site/", "/coms/pages/page/?path=/features", "/coms/blog/"]) {
      await a.cache.get(path, loader("a"));
    }
    await a.tier.claim("/coms/site/", 60_000);
    await a.connection.client.set(`${prefix}rl:form:k`, "1");
    await a.connection.clearEverywhere();
    await eventually(async () =>
      expect((await a.connection.client.keys(`${prefix}*`)).sort()).toEqual([
        `${prefix}cache:generation`,
        `${prefix}rl:form:k`,
      ]),
    );
    expect(count(a.logs, "earlier generations dropped")).toBe(1);
  });

  it("keeps two releases apart (a rolling deploy)", async () => {
    const { a, b } = await twoInstances();
    b.connection.cacheNamespace = "next-build";
    await a.cache.get("/coms/site/", loader("a"));
    const loadB = loader("b");
    await expect(b.cache.get("/coms/site/", loadB)).resolves.toEqual({ title: "b1" });
  });

  it.each([
    ["stopped", () => redis.stop()],
    ["frozen", async () => redis.freeze()],
  ])(
    "is a miss within its bound while Redis is %s: the instance fetches itself",
    async (_what, fail) => {
      const { a } = await twoInstances();
      await fail();
      const started = Date.now();
      await expect(a.cache.get("/coms/site/", loader("own"))).resolves.toEqual({ title: "own1" });
      // The cache waits 75 ms for the tier; a busy machine adds to it, never a Redis timeout's worth.
      expect(Date.now() - started).toBeLessThan(1_000);
    },
  );
});

describe("the shared rate-limit counts (rate-limiter-flexible over ioredis)", () => {
  const LIMIT = 100;
  const store = (connection: RedisConnection) =>
    new Allowance("form", { limit: () => LIMIT, windowMs: () => 60_000 }, () => connection);
  const hits = async (s: Allowance, key: string) => LIMIT - (await s.count(key)).remaining;

  it("counts the hits of both instances together, in Redis, for the window", async () => {
    const { a, b, prefix } = await twoInstances();
    const [sa, sb] = [store(a.connection), store(b.connection)];
    const key = `${prefix}rl:form:198.51.100.7 newsletter`;
    expect(await hits(sa, "198.51.100.7 newsletter")).toBe(1);
    expect(await hits(sb, "198.51.100.7 newsletter")).toBe(2);
    expect(await hits(sa, "198.51.100.7 newsletter")).toBe(3);
    expect(await b.connection.client.get(key)).toBe("3");
    expect(await b.connection.client.get(`${prefix}rl:form:203.0.113.1 newsletter`)).toBeNull();
    const ttl = await a.connection.client.pttl(key);
    expect(ttl).toBeGreaterThan(50_000);
    await sb.giveBack("198.51.100.7 newsletter");
    expect(await a.connection.client.get(key)).toBe("2");
    await sa.reset("198.51.100.7 newsletter");
    expect(await b.connection.client.get(key)).toBeNull();
  });

  it("counts on each instance alone while Redis is stopped, and shares again after", async () => {
    const { a, b } = await twoInstances();
    const [sa, sb] = [store(a.connection), store(b.connection)];
    await hits(sa, "k");
    await hits(sb, "k");
    await redis.stop();
    const started = Date.now();
    expect(await hits(sa, "k")).toBe(2);
    expect(await hits(sa, "k")).toBe(3);
    expect(await hits(sb, "k")).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
    // A new, empty Redis: its scripts are gone too (ioredis' defined command loads it on NOSCRIPT).
    await redis.start();
    await eventually(() => expect(a.connection.ready && b.connection.ready).toBe(true));
    expect(await hits(sa, "k")).toBe(1);
    expect(await hits(sb, "k")).toBe(2);
  });

  it("answers within the command timeout while Redis is frozen", async () => {
    const { a } = await twoInstances();
    const sa = store(a.connection);
    await hits(sa, "k");
    redis.freeze();
    const started = Date.now();
    expect(await hits(sa, "k")).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("works once Redis is up when it was created while Redis was down", async () => {
    await redis.stop();
    const prefix = `t${++prefixCount}:`;
    const late = instance(prefix);
    const sl = store(late.connection);
    expect(await hits(sl, "k")).toBe(1);
    await redis.start();
    await eventually(() => expect(late.connection.ready).toBe(true));
    expect(await hits(sl, "k")).toBe(1);
    expect(await late.connection.client.get(`${prefix}rl:form:k`)).toBe("1");
  });
});

describe("the shared session records", () => {
  const TIMES = { idleMs: 3_600_000, maxAgeMs: 86_400_000 };
  const sessions = (connection: RedisConnection) => new SessionStore(connection, () => TIMES);

  it("end on every instance at once: a sign-out and an account's floor", async () => {
    const { a, b } = await twoInstances();
    const [sa, sb] = [sessions(a.connection), sessions(b.connection)];
    await sa.start("s1", "acct-1");
    await sa.start("s2", "acct-2");
    expect(await sb.check("s1")).toMatchObject({ account: "acct-1" });
    await sb.end("s1");
    expect(await sa.check("s1")).toBeNull();
    await sb.endAccount("acct-2");
    expect(await sa.check("s2")).toBeNull();
    // A session the account starts after its floor is live everywhere.
    await sa.start("s3", "acct-2");
    expect(await sb.check("s3")).not.toBeNull();
  });

  it("while Redis is frozen: no session is taken for live unless started here since, and ends made meanwhile reach the others after", async () => {
    const { a, b } = await twoInstances();
    const [sa, sb] = [sessions(a.connection), sessions(b.connection)];
    await sb.start("known", "acct-3");
    expect(await sa.check("known")).not.toBeNull();
    redis.freeze();
    const started = Date.now();
    // Another instance may have ended it: neither takes it for live now.
    expect(await sa.check("known")).toBeNull();
    expect(await sb.check("known")).toBeNull();
    // A sign-in now works where it happened.
    await sa.start("during", "acct-4");
    expect(await sa.check("during")).not.toBeNull();
    expect(await sb.check("during")).toBeNull();
    // A password change now is kept, and written when Redis answers again.
    await sa.endAccount("acct-3");
    expect(Date.now() - started).toBeLessThan(5_000);
    redis.thaw();
    await eventually(async () => {
      await sa.check("anything");
      expect(
        await a.connection.client.get(a.connection.keys.sessionFloor("acct-3")),
      ).not.toBeNull();
    });
    expect(await sb.check("known")).toBeNull();
  });
});
