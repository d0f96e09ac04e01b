import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";

/** What the store needs to know about the shared store's server. */
export interface SharedHealth {
  /** Connected: worth asking (a disconnected client fails at once anyway). */
  readonly ready: boolean;
  failed(error: unknown): void;
  succeeded(): void;
}

/**
 * A rate-limit store whose counts the instances share (in Redis), backed by this instance's own
 * counts: every hit is also counted locally, and whenever the shared store cannot answer —
 * Redis down, unreachable or slower than its command timeout — the local count decides. So a
 * Redis outage never refuses or fails a post, and never lifts the limits either: for as long as
 * it lasts each instance holds the limit on its own (at most `instances × limit` in all), and
 * the shared counts take over again when Redis answers.
 */
export class FallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;

  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly health: SharedHealth,
  ) {
    this.prefix = shared.prefix ?? "";
  }

  init(options: Options): void {
    this.local.init?.(options);
    try {
      Promise.resolve(this.shared.init?.(options)).catch((error) => this.health.failed(error));
    } catch (error) {
      this.health.failed(error);
    }
  }

  async increment(key: string): Promise<IncrementResponse> {
    const own = await this.local.increment(key);
    const shared = await this.ask(() => this.shared.increment(key));
    return shared ?? own;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const shared = await this.ask(async () => (await this.shared.get?.(key)) ?? null);
    // A key Redis does not hold reads as no hits (rate-limit-redis answers NaN hits for it).
    if (shared && Number.isFinite(shared.totalHits)) return shared;
    if (shared !== undefined) return undefined;
    return this.local.get?.(key);
  }

  async decrement(key: string): Promise<void> {
    await this.local.decrement(key);
    await this.ask(() => this.shared.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.local.resetKey(key);
    await this.ask(() => this.shared.resetKey(key));
  }

  /** The shared store's answer, or undefined when it cannot give one (then the local count). */
  private async ask<T>(command: () => T | Promise<T>): Promise<T | undefined> {
    if (!this.health.ready) return undefined;
    try {
      const answer = await command();
      this.health.succeeded();
      return answer;
    } catch (error) {
      this.health.failed(error);
      return undefined;
    }
  }
}
