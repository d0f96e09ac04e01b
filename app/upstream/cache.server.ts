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
 */
export type CacheLookup = "fresh" | "stale" | "miss" | "stale_if_error";

const STALE = Symbol("stale");

interface Entry {
  value: unknown;
  storedAt: number;
}

/**
 * An in-process cache for upstream GETs with stale-while-revalidate and stale-if-error: a fresh
 * entry is served as is, a stale one is served at once while a single background refresh runs, and
 * when the upstream fails, whatever was cached (within staleIfErrorMs) keeps being served — at
 * once, or after a short grace for the refresh, never after a whole upstream timeout. One refresh
 * per key is in flight at a time; the client's circuit breaker makes refreshes of a failing
 * upstream fail fast.
 */
export class SwrCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly policy: CachePolicy,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: policy.max,
      ttl: Math.max(policy.ttlMs + policy.staleMs, policy.staleIfErrorMs) || 1,
      ttlAutopurge: false,
      perf: { now },
    });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const report = this.policy.onLookup;
    if (entry) {
      const age = this.now() - entry.storedAt;
      if (age < this.policy.ttlMs) {
        report?.("fresh");
        return entry.value as T;
      }
      if (age < this.policy.ttlMs + this.policy.staleMs) {
        this.refresh(key, load).catch(() => undefined);
        report?.("stale");
        return entry.value as T;
      }
    }
    const usable = entry && this.now() - entry.storedAt < this.policy.staleIfErrorMs;
    if (!usable) {
      report?.("miss");
      return (await this.refresh(key, load)) as T;
    }
    const refresh = this.refresh(key, load);
    refresh.catch(() => undefined);
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

  private refresh(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = load()
      .then((value) => {
        this.entries.set(key, { value, storedAt: this.now() });
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Whether it keeps any answer it may still serve (most recently used first: usually one look). */
  hasEntries(): boolean {
    const now = this.now();
    const servable = Math.max(this.policy.ttlMs + this.policy.staleMs, this.policy.staleIfErrorMs);
    for (const entry of this.entries.values()) {
      if (now - entry.storedAt < servable) return true;
    }
    return false;
  }

  get size(): number {
    return this.entries.size;
  }
}
