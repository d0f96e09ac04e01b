import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import { LRUCache } from "lru-cache";

/** Keys one limiter keeps in memory at most. */
export const MAX_MEMORY_KEYS = 100_000;

interface Client {
  totalHits: number;
  resetTime: Date;
}

/**
 * A limiter's counts in this process's memory (express-rate-limit's `Store`), bounded: a flood of
 * new keys — random e-mails, many addresses — cannot grow the process past MAX_MEMORY_KEYS per
 * limiter; the keys counted least recently are forgotten first. A forgotten count lets its key
 * try again sooner, never later, and the limits count per address first (takeTries), so one
 * address cannot push out the others' counts. Fixed windows, as express-rate-limit's own store.
 */
export class BoundedMemoryStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients: LRUCache<string, Client>;

  constructor(max = MAX_MEMORY_KEYS) {
    this.clients = new LRUCache<string, Client>({ max });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private live(key: string, now: number): Client | undefined {
    const client = this.clients.get(key);
    return client && client.resetTime.getTime() > now ? client : undefined;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const client = this.live(key, Date.now());
    return client ? { totalHits: client.totalHits, resetTime: client.resetTime } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const client = this.live(key, now) ?? {
      totalHits: 0,
      resetTime: new Date(now + this.windowMs),
    };
    client.totalHits += 1;
    this.clients.set(key, client);
    return { totalHits: client.totalHits, resetTime: client.resetTime };
  }

  async decrement(key: string): Promise<void> {
    const client = this.live(key, Date.now());
    if (client && client.totalHits > 0) client.totalHits -= 1;
  }

  async resetKey(key: string): Promise<void> {
    this.clients.delete(key);
  }

  async resetAll(): Promise<void> {
    this.clients.clear();
  }
}
