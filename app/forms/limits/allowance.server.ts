import type { Options, Store } from "express-rate-limit";
import { rateLimitStore } from "~/redis/rate-limit-store.server";
import type { LimiterName } from "~/redis/keys";

/** How many tries a key has per window (read when used, so a test's configuration applies). */
export interface AllowanceRule {
  limit: () => number;
  windowMs: () => number;
}

/**
 * A number of tries per key and fixed window — failed sign-ins of one account from one address,
 * wrong codes from one address — counted in memory, or by every instance together in Redis when
 * REDIS_URL is set (the same stores as the form limits, app/redis/rate-limit-store.server.ts).
 */
export class Allowance {
  private current: { store: Store; windowMs: number } | undefined;

  constructor(
    readonly name: LimiterName,
    private readonly rule: AllowanceRule,
    private readonly makeStore: (name: LimiterName) => Store = rateLimitStore,
  ) {}

  private store(): Store {
    const windowMs = this.rule.windowMs();
    if (this.current?.windowMs !== windowMs) {
      const store = this.makeStore(this.name);
      store.init?.({ windowMs } as Options);
      this.current = { store, windowMs };
    }
    return this.current.store;
  }

  /** Counts one try on `key`: false when it is one more than the window allows. */
  async take(key: string): Promise<boolean> {
    const { totalHits } = await this.store().increment(key);
    return totalHits <= this.rule.limit();
  }

  /** Takes back one try that turned out to be no guess (it worked, or the upstream failed). */
  async giveBack(key: string): Promise<void> {
    await this.store().decrement(key);
  }

  /** Forgets `key`'s tries in this window (an owner who got it right after a few typos). */
  async reset(key: string): Promise<void> {
    await this.store().resetKey(key);
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
      return { allowed: false, giveBack: async () => {} };
    }
  }
  return { allowed: true, giveBack };
}
