import { LRUCache } from "lru-cache";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { redis, type RedisConnection } from "~/redis/connection.server";
import type { LimiterName } from "~/redis/keys";

/** Keys one limiter keeps in this process's memory at most. */
const MAX_MEMORY_KEYS = 100_000;

/** How many tries a key has per window (read when used, so a test's configuration applies). */
export interface AllowanceRule {
  limit: () => number;
  windowMs: () => number;
}

/** What counting one try gave. */
export interface Take {
  /** The try was within the window's limit. */
  allowed: boolean;
  /** Tries left in this window. */
  remaining: number;
  /** Milliseconds until the window ends and the key starts afresh. */
  msBeforeNext: number;
}

/** Answers this instance's own counts gave because Redis could not (the insurance limiter). */
const answeredHere = new WeakSet<RateLimiterRes>();

function markHere(res: unknown): unknown {
  if (res instanceof RateLimiterRes) answeredHere.add(res);
  return res;
}

/**
 * This instance's own counts (rate-limiter-flexible's memory limiter), marking what it answers:
 * as the Redis limiter's insurance it tells an answer of its own from Redis's.
 */
class OwnCounts extends RateLimiterMemory {
  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    return super.consume(key, points, options).then(markHere, (res: unknown) => {
      throw markHere(res);
    }) as Promise<RateLimiterRes>;
  }

  override reward(key: string | number, points?: number, options?: Record<string, unknown>) {
    return super.reward(key, points, options).then(markHere) as Promise<RateLimiterRes>;
  }
}

/**
 * One window's counts of an allowance. Without REDIS_URL, this process's memory; with it, Redis
 * (rate-limiter-flexible's `RateLimiterRedis` over the site's ioredis connection, one atomic
 * script per try, keys `<p>rl:<name>:<key>` expiring with their window) insured by this
 * instance's own counts: every try counted in Redis is counted here too, and while Redis cannot
 * answer — down, unreachable, or slower than the connection's command timeout — the library asks
 * the insurance instead. A Redis outage therefore neither refuses nor frees anyone: each instance
 * holds the limit on its own (at most `instances × limit` in all), counting on from the tries it
 * saw before, and Redis's count decides again once it answers.
 * In memory at most MAX_MEMORY_KEYS keys are kept, those counted least recently forgotten first:
 * a forgotten key may try again sooner, never later (a flood of random e-mails or accounts cannot
 * grow the process).
 */
class Counts {
  private readonly own: OwnCounts;
  private readonly shared: RateLimiterAbstract | undefined;
  private readonly keys: LRUCache<string, true>;

  constructor(
    name: LimiterName,
    readonly limit: number,
    readonly windowMs: number,
    connection: RedisConnection | undefined,
    maxKeys: number,
  ) {
    const duration = windowMs / 1000;
    this.own = new OwnCounts({ keyPrefix: name, points: limit, duration });
    this.shared = connection
      ? new RateLimiterRedis({
          storeClient: connection.client,
          keyPrefix: connection.keys.limiter(name),
          points: limit,
          duration,
          rejectIfRedisNotReady: true,
          insuranceLimiter: this.own,
        })
      : undefined;
    this.keys = new LRUCache<string, true>({
      max: maxKeys,
      noDisposeOnSet: true,
      dispose: (_value, key) => void this.own.delete(key),
    });
  }

  private get limiter(): RateLimiterAbstract {
    return this.shared ?? this.own;
  }

  async take(key: string): Promise<Take> {
    this.keys.set(key, true);
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await this.limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      res = error;
      allowed = false;
    }
    // Redis answered: the try is counted here too, for the day Redis cannot answer.
    if (this.shared && !answeredHere.has(res)) await this.own.penalty(key);
    return { allowed, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
  }

  async giveBack(key: string): Promise<void> {
    const res = await this.limiter.reward(key);
    if (this.shared && !answeredHere.has(res)) await this.own.reward(key);
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.shared?.delete(key), this.own.delete(key)]);
    this.keys.delete(key);
  }
}

/**
 * A number of tries per key and fixed window — posts of one form from one address, failed
 * sign-ins of one account from one address, wrong codes from one address — counted by
 * rate-limiter-flexible in memory, or by every instance together in Redis when REDIS_URL is set
 * (see `Counts`). A try over the limit is still counted, as a refused post is still a post.
 */
export class Allowance {
  private current: Counts | undefined;

  constructor(
    readonly name: LimiterName,
    private readonly rule: AllowanceRule,
    private readonly connection: () => RedisConnection | undefined = redis,
    private readonly maxKeys = MAX_MEMORY_KEYS,
  ) {}

  private counts(): Counts {
    const limit = this.rule.limit();
    const windowMs = this.rule.windowMs();
    if (this.current?.limit !== limit || this.current.windowMs !== windowMs) {
      this.current = new Counts(this.name, limit, windowMs, this.connection(), this.maxKeys);
    }
    return this.current;
  }

  /** Counts one try on `key`, and tells whether it is within the window's limit. */
  count(key: string): Promise<Take> {
    return this.counts().take(key);
  }

  /** Counts one try on `key`: false when it is one more than the window allows. */
  async take(key: string): Promise<boolean> {
    return (await this.count(key)).allowed;
  }

  /** Takes back one try that turned out to be no guess (it worked, or the upstream failed). */
  async giveBack(key: string): Promise<void> {
    await this.counts().giveBack(key);
  }

  /** Forgets `key`'s tries in this window (an owner who got it right after a few typos). */
  async reset(key: string): Promise<void> {
    await this.counts().reset(key);
  }
}

/** One allowance and the key a try is counted on. */
export interface Charge {
  allowance: Allowance;
  key: string;
}

/** What taking a try from several allowances gave. */
export interface Tries {
  /** Every allowance had a try left (and one is now counted on each). */
  allowed: boolean;
  /** When not allowed, the allowance that was used up (for the log). */
  spent?: LimiterName;
  /** Takes the tries back: the attempt was no guess (it worked, or nothing could be checked). */
  giveBack(): Promise<void>;
}

/**
 * Counts one try on each charge in turn — counted before the guess is checked, so parallel
 * requests cannot all slip under a limit — and stops at the first allowance that is used up:
 * nothing is checked then, and every try taken is given back, so a refused request costs its
 * sender nothing more and an honest visitor refused by a spent site-wide allowance keeps their
 * own. Order the charges from the address's own to the site's and the target's: a post its
 * address may not make then never counts on (nor creates) the others' keys.
 */
export async function takeTries(charges: readonly Charge[]): Promise<Tries> {
  const taken: Charge[] = [];
  const giveBack = async () => {
    await Promise.all(taken.map((charge) => charge.allowance.giveBack(charge.key)));
  };
  for (const charge of charges) {
    const allowed = await charge.allowance.take(charge.key);
    taken.push(charge);
    if (!allowed) {
      await giveBack();
      return { allowed: false, spent: charge.allowance.name, giveBack: async () => {} };
    }
  }
  return { allowed: true, giveBack };
}
