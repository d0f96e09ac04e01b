import { LRUCache } from "lru-cache";

export interface CachePolicy {
  /** How long an answer is fresh. */
  ttlMs: number;
  /** After ttlMs, how long a stale answer is still served while one refresh runs. */
  staleMs: number;
  /** How long a stale answer may still be served when refreshing it fails. */
  staleIfErrorMs: number;
  max: number;
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
export const REFRESH_CLAIM_MS = 10_000;

const STALE = Symbol("stale");
const TIMED_OUT = Symbol("timed out");

const ignore = () => undefined;

interface Entry extends SharedEntry {
  /** The fetch time the tier gave (storedAt is never later than this instance's now). */
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
 * A cache for upstream GETs with stale-while-revalidate and stale-if-error: a fresh entry is
 * served as is, a stale one is served at once while a single background refresh runs, and when
 * the upstream fails, whatever was cached (within staleIfErrorMs) keeps being served — at once,
 * or after a short grace for the refresh, never after a whole upstream timeout. One refresh per
 * key is in flight at a time; the client's circuit breaker makes refreshes of a failing upstream
 * fail fast.
 *
 * With a shared tier (several instances), a miss here asks the tier before the upstream, every
 * refresh writes both, and entries keep the time they were fetched, so an answer is as fresh or
 * stale on every instance. A stale entry is refreshed by one instance at a time (its claim);
 * the others keep serving their copy and pick up the new one from the tier.
 */
export class SwrCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly tierReads = new Map<string, Promise<Entry | undefined>>();
  private readonly revalidating = new Set<string>();
  private readonly tier: SharedTier | undefined;
  private readonly tierWaitMs: number;
  /** How long an entry is of any use: the longest of the windows. */
  private readonly lifetimeMs: number;
  /** Until this age an entry is served at once (fresh, then stale while one refresh runs). */
  private readonly staleUntilMs: number;
  /** Raised by clear(): what was being fetched before it is not stored after it. */
  private epoch = 0;

  constructor(
    private readonly policy: CachePolicy,
    private readonly now: () => number = Date.now,
    options: SwrCacheOptions = {},
  ) {
    this.tier = options.tier;
    this.tierWaitMs = options.tierWaitMs ?? 75;
    this.staleUntilMs = policy.ttlMs + policy.staleMs;
    this.lifetimeMs = Math.max(policy.ttlMs + policy.staleMs, policy.staleIfErrorMs) || 1;
    this.entries = new LRUCache<string, Entry>({
      max: policy.max,
      ttl: this.lifetimeMs,
      ttlAutopurge: false,
      perf: { now },
    });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    const report = this.policy.onLookup;
    // Missing or past its stale window here: another instance may have a newer answer.
    if (this.tier && (!entry || this.now() - entry.storedAt >= this.staleUntilMs)) {
      entry = (await this.fromTier(key)) ?? entry;
    }
    if (entry) {
      const age = this.now() - entry.storedAt;
      if (age < this.policy.ttlMs) {
        report?.("fresh");
        return entry.value as T;
      }
      if (age < this.staleUntilMs) {
        this.revalidate(key, load, entry);
        report?.("stale");
        return entry.value as T;
      }
    }
    if (!entry || this.now() - entry.storedAt >= this.policy.staleIfErrorMs) {
      report?.("miss");
      return (await this.refresh(key, load)) as T;
    }
    const refresh = this.refresh(key, load);
    refresh.catch(ignore);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<typeof STALE>((resolve) => {
      timer = setTimeout(() => resolve(STALE), this.policy.staleGraceMs ?? 300);
    });
    try {
      const value = await Promise.race([refresh, grace]);
      report?.(value === STALE ? "stale_if_error" : "miss");
      return (value === STALE ? entry.value : value) as T;
    } catch {
      report?.("stale_if_error");
      return entry.value as T;
    } finally {
      clearTimeout(timer);
    }
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
    const now = this.now();
    // Another instance's clock may run ahead: an answer is never younger than now.
    const storedAt = Math.min(shared.storedAt, now);
    const age = now - storedAt;
    if (age >= this.lifetimeMs) return undefined;
    const kept = this.entries.get(key);
    if (kept && kept.origin >= shared.storedAt) return kept;
    const entry = { value: shared.value, storedAt, origin: shared.storedAt };
    this.entries.set(key, entry, { ttl: this.lifetimeMs - age });
    return entry;
  }

  /**
   * Refreshes a stale entry in the background. With a tier: another instance may have stored a
   * newer answer already (then that one is kept), or be fetching it (its claim: then this
   * instance keeps serving its copy and looks again on the next request).
   */
  private revalidate(key: string, load: () => Promise<unknown>, stale: Entry): void {
    if (!this.tier) {
      this.refresh(key, load).catch(ignore);
      return;
    }
    if (this.inflight.has(key) || this.revalidating.has(key)) return;
    const tier = this.tier;
    const epoch = this.epoch;
    this.revalidating.add(key);
    (async () => {
      const shared = await within(tier.get(key).catch(ignore), this.tierWaitMs);
      if (epoch !== this.epoch) return;
      if (shared && shared !== TIMED_OUT && shared.storedAt > stale.origin) {
        const kept = this.adopt(key, shared);
        if (kept && this.now() - kept.storedAt < this.policy.ttlMs) return;
      }
      // A tier that cannot say lets this instance refresh, as it would alone.
      const claimed = await within(
        tier.claim(key, REFRESH_CLAIM_MS).catch(() => true),
        this.tierWaitMs,
      );
      if (claimed === false || epoch !== this.epoch) return;
      await this.refresh(key, load);
    })()
      .catch(ignore)
      .finally(() => this.revalidating.delete(key));
  }

  private refresh(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const running = this.inflight.get(key);
    if (running) return running;
    const epoch = this.epoch;
    const promise = load()
      .then((value) => {
        if (epoch === this.epoch) {
          const storedAt = this.now();
          this.entries.set(key, { value, storedAt, origin: storedAt });
          this.tier?.set(key, { value, storedAt }, this.lifetimeMs).catch(ignore);
        }
        return value;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry; answers being fetched now are not kept when they arrive. */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inflight.clear();
    this.tierReads.clear();
    this.revalidating.clear();
  }

  /** Whether it keeps any answer it may still serve (most recently used first: usually one look). */
  hasEntries(): boolean {
    const now = this.now();
    for (const entry of this.entries.values()) {
      if (now - entry.storedAt < this.lifetimeMs) return true;
    }
    return false;
  }

  get size(): number {
    return this.entries.size;
  }
}
