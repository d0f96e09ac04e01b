import {
  cachified,
  type Cache,
  type CacheEntry,
  type CacheEvent,
  type GetFreshValueContext,
} from "@epic-web/cachified";
import { LRUCache } from "lru-cache";

export interface CachePolicy {
  /** How long an answer is fresh. */
  ttlMs: number;
  /** After ttlMs, how long a stale answer is still served while one refresh runs. */
  staleMs: number;
  /** How long a stale answer may still be served when refreshing it fails. */
  staleIfErrorMs: number;
  /** The most answers the default area keeps (the whole cache's bound without `areas`). */
  max: number;
  /**
   * Areas of their own, by name, each with the most answers it keeps: an answer whose key
   * `areaOf` names one of them is kept there, every other in the default area. Each area drops
   * its own least recently used answers, so a flood of one kind (every distinct search text is an
   * answer) never evicts another area's copies.
   */
  areas?: Readonly<Record<string, number>>;
  /** The area a key's answer is kept in (always the same for a key); see `areas`. */
  areaOf?: (key: string) => string;
  /**
   * Past the stale window, how long a request waits for the refresh before it is given the copy
   * it has (within staleIfErrorMs) while the refresh goes on. Default 300 ms.
   */
  staleGraceMs?: number;
  /** Told how each look-up was answered (metrics); the cache works the same without it. */
  onLookup?: (result: CacheLookup) => void;
}

/**
 * How a look-up was answered: `fresh`; `stale` (within the stale window, one refresh started);
 * `miss` (it waited for the upstream: nothing usable, or a refresh that came back within the
 * grace); `stale_if_error` (an older copy, because the refresh failed or outlasted the grace).
 * An answer another instance stored in the shared tier counts as this instance's own copy.
 */
export type CacheLookup = "fresh" | "stale" | "miss" | "stale_if_error";

/** An answer with the time it was fetched (by whichever instance fetched it). */
export interface SharedEntry {
  value: unknown;
  storedAt: number;
}

/**
 * A cache the instances share, behind each one's in-process entries (Redis:
 * app/upstream/redis-tier.server.ts). A tier that fails or is slow is a miss: the cache bounds
 * every wait on it and never lets its errors through.
 */
export interface SharedTier {
  get(key: string): Promise<SharedEntry | undefined>;
  /** Stores an entry for ttlMs (a tier may skip what it will not hold, such as huge values). */
  set(key: string, entry: SharedEntry, ttlMs: number): Promise<void>;
  /** Claims the refresh of `key` for `ms`; false while another instance holds it. */
  claim(key: string, ms: number): Promise<boolean>;
}

export interface SwrCacheOptions {
  tier?: SharedTier;
  /** How long a miss waits for the shared tier before it loads the answer itself. Default 75 ms. */
  tierWaitMs?: number;
}

/** How long one instance's claim to refresh a key keeps the others serving their stale copy. */
const REFRESH_CLAIM_MS = 10_000;

const TIMED_OUT = Symbol("timed out");
/** A background refresh that ends without loading: another instance has it, or has done it. */
const NOT_MINE = Symbol("refreshed elsewhere");

const ignore = () => undefined;

interface Entry extends CacheEntry {
  /** The fetch time the tier gave (createdTime is never later than this instance's now). */
  origin: number;
}

/** `promise`'s value, or TIMED_OUT after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The cache for upstream GETs: `@epic-web/cachified` over LRUs (lru-cache, one per area), with
 * stale-while-revalidate (a stale entry is served at once while one background refresh per key
 * runs; concurrent loads of a key are shared) and, around it, what cachified leaves to its
 * caller: stale-if-error past the stale window (its `fallbackToCache` covers forced refreshes
 * only) and the grace — a request waits for the refresh that long at most, then gets the copy
 * it has while the refresh goes on, never a whole upstream timeout. The client's circuit
 * breaker makes refreshes of a failing upstream fail fast.
 *
 * With a shared tier (several instances), a miss here asks the tier before the upstream, every
 * refresh writes both, and entries keep the time they were fetched, so an answer is as fresh or
 * stale on every instance. A stale entry is refreshed by one instance at a time (its claim);
 * the others keep serving their copy and pick up the new one from the tier.
 */
export class SwrCache {
  /** The default area (`max`), and each named area of `areas`. */
  private readonly entries: LRUCache<string, Entry>;
  private readonly areas = new Map<string, LRUCache<string, Entry>>();
  private readonly tier: SharedTier | undefined;
  private readonly tierWaitMs: number;
  /** How long an entry is of any use: the longest of the windows. */
  private readonly lifetimeMs: number;
  /** Until this age an entry is served at once (fresh, then stale while one refresh runs). */
  private readonly staleUntilMs: number;
  private readonly tierReads = new Map<string, Promise<Entry | undefined>>();
  /** Raised by clear(): what was being fetched before it is not stored after it. */
  private epoch = 0;
  /** cachified's view of both tiers; a new one per epoch (cachified shares loads per store). */
  private store: Cache;

  constructor(
    private readonly policy: CachePolicy,
    options: SwrCacheOptions = {},
  ) {
    this.tier = options.tier;
    this.tierWaitMs = options.tierWaitMs ?? 75;
    this.staleUntilMs = policy.ttlMs + policy.staleMs;
    this.lifetimeMs = Math.max(this.staleUntilMs, policy.staleIfErrorMs) || 1;
    const area = (max: number) =>
      new LRUCache<string, Entry>({
        max,
        ttl: this.lifetimeMs,
        ttlAutopurge: false,
        // cachified reads Date.now(); the LRU's clock must be the same one.
        perf: { now: () => Date.now() },
      });
    this.entries = area(policy.max);
    for (const [name, max] of Object.entries(policy.areas ?? {})) this.areas.set(name, area(max));
    this.store = this.storeFor(this.epoch);
  }

  /** The area `key`'s answer is kept in. */
  private areaFor(key: string): LRUCache<string, Entry> {
    const name = this.policy.areaOf?.(key);
    return (name !== undefined && this.areas.get(name)) || this.entries;
  }

  /** Every area, the default one first. */
  private allAreas(): LRUCache<string, Entry>[] {
    return [this.entries, ...this.areas.values()];
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let read: Entry | undefined;
    let lookup: CacheLookup = "miss";
    let pastStale: (entry: Entry) => void = ignore;
    const outdated = new Promise<{ kept: Entry }>((resolve) => {
      pastStale = (kept) => resolve({ kept });
    });
    const answer = cachified(
      {
        key,
        cache: this.store,
        ttl: this.policy.ttlMs,
        staleWhileRevalidate: this.policy.staleMs,
        getFreshValue: (context: GetFreshValueContext) =>
          context.background
            ? this.refreshElsewhere(key, read).then(() => this.fetched(load, context))
            : this.fetched(load, context),
      },
      () => (event: CacheEvent<unknown>) => {
        if (event.name === "getCachedValueRead") read = (event.entry ?? undefined) as Entry;
        else if (event.name === "getCachedValueSuccess" && read) {
          const age = Date.now() - read.metadata.createdTime;
          lookup = age > this.policy.ttlMs ? "stale" : "fresh";
        } else if (event.name === "getCachedValueOutdated" && read) {
          // Past the stale window: cachified loads; the copy may still serve if that fails.
          const age = Date.now() - read.metadata.createdTime;
          if (age < this.policy.staleIfErrorMs) pastStale(read);
        }
      },
    ) as Promise<T>;
    const settled = answer.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const first = await Promise.race([settled, outdated]);
    if ("kept" in first) return this.staleIfError(settled, first.kept);
    this.policy.onLookup?.(lookup);
    if ("error" in first) throw first.error;
    return first.value;
  }

  /**
   * Past the stale window with a copy within stale-if-error: the load's answer if it comes within
   * the grace, else the copy (the load goes on and stores its answer when it comes).
   */
  private async staleIfError<T>(
    settled: Promise<{ value: T } | { error: unknown }>,
    kept: Entry,
  ): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.policy.staleGraceMs ?? 300);
    });
    const result = await Promise.race([settled, grace]).finally(() => clearTimeout(timer));
    const fresh = result && "value" in result;
    this.policy.onLookup?.(fresh ? "miss" : "stale_if_error");
    return fresh ? result.value : (kept.value as T);
  }

  /** Loads, and dates the answer by when it came (cachified dates it by when it was asked for). */
  private async fetched<T>(load: () => Promise<T>, context: GetFreshValueContext): Promise<T> {
    const value = await load();
    context.metadata.createdTime = Date.now();
    return value;
  }

  /**
   * Before a background refresh with a tier: another instance may have stored a newer answer
   * already (then that one is kept), or be fetching it (its claim: then this instance keeps
   * serving its copy and looks again on the next request). Rejects with NOT_MINE in both cases.
   */
  private async refreshElsewhere(key: string, stale: Entry | undefined): Promise<void> {
    const tier = this.tier;
    if (!tier) return;
    const epoch = this.epoch;
    const shared = await within(tier.get(key).catch(ignore), this.tierWaitMs);
    if (epoch !== this.epoch) throw NOT_MINE;
    if (shared && shared !== TIMED_OUT && shared.storedAt > (stale?.origin ?? -Infinity)) {
      const kept = this.adopt(key, shared);
      if (kept && Date.now() - kept.metadata.createdTime <= this.policy.ttlMs) throw NOT_MINE;
    }
    // A tier that cannot say lets this instance refresh, as it would alone.
    const claimed = await within(
      tier.claim(key, REFRESH_CLAIM_MS).catch(() => true),
      this.tierWaitMs,
    );
    if (claimed === false || epoch !== this.epoch) throw NOT_MINE;
  }

  /** The store of one epoch: the LRU, then the tier; writes after a clear are dropped. */
  private storeFor(epoch: number): Cache {
    return {
      name: "upstream answers",
      get: async (key) => {
        const entry = this.areaFor(key).get(key);
        // Missing or past its stale window here: another instance may have a newer answer.
        if (this.tier && (!entry || Date.now() - entry.metadata.createdTime > this.staleUntilMs)) {
          return (await this.fromTier(key)) ?? entry;
        }
        return entry;
      },
      set: (key, entry: CacheEntry) => {
        if (epoch !== this.epoch) return;
        const storedAt = entry.metadata.createdTime;
        this.areaFor(key).set(key, { ...entry, origin: storedAt }, { start: storedAt });
        this.tier?.set(key, { value: entry.value, storedAt }, this.lifetimeMs).catch(ignore);
      },
      delete: (key) => this.areaFor(key).delete(key),
    };
  }

  /** The tier's entry for `key` (kept here too), or undefined when it has none in time. */
  private fromTier(key: string): Promise<Entry | undefined> {
    const running = this.tierReads.get(key);
    if (running) return running;
    const epoch = this.epoch;
    const read = within(this.tier!.get(key).catch(ignore), this.tierWaitMs).then((shared) =>
      shared && shared !== TIMED_OUT && epoch === this.epoch ? this.adopt(key, shared) : undefined,
    );
    const tracked = read.finally(() => {
      if (this.tierReads.get(key) === tracked) this.tierReads.delete(key);
    });
    this.tierReads.set(key, tracked);
    return tracked;
  }

  /** Keeps a shared entry unless it is past use or older than the one kept already. */
  private adopt(key: string, shared: SharedEntry): Entry | undefined {
    const now = Date.now();
    // Another instance's clock may run ahead: an answer is never younger than now.
    const createdTime = Math.min(shared.storedAt, now);
    if (now - createdTime >= this.lifetimeMs) return undefined;
    const area = this.areaFor(key);
    const kept = area.get(key);
    if (kept && kept.origin >= shared.storedAt) return kept;
    const entry: Entry = {
      value: shared.value,
      metadata: { createdTime, ttl: this.policy.ttlMs, swr: this.policy.staleMs },
      origin: shared.storedAt,
    };
    area.set(key, entry, { start: createdTime });
    return entry;
  }

  delete(key: string): void {
    this.areaFor(key).delete(key);
  }

  /** Forgets every entry; answers being fetched now are not kept when they arrive. */
  clear(): void {
    this.epoch += 1;
    this.store = this.storeFor(this.epoch);
    for (const area of this.allAreas()) area.clear();
    this.tierReads.clear();
  }

  /**
   * Whether it keeps any answer it may still serve (most recently used first: usually one look
   * per area), in any area but those named in `skip`.
   */
  hasEntries(skip: readonly string[] = []): boolean {
    const now = Date.now();
    const skipped = new Set(skip.map((name) => this.areas.get(name)));
    for (const area of this.allAreas()) {
      if (skipped.has(area)) continue;
      for (const entry of area.values()) {
        if (now - entry.metadata.createdTime < this.lifetimeMs) return true;
      }
    }
    return false;
  }

  /** How many answers it keeps, in every area together. */
  get size(): number {
    return this.allAreas().reduce((sum, area) => sum + area.size, 0);
  }
}
