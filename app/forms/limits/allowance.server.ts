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
  /** Names of the allowances that had none left. */
  spent: string[];
  /** Takes the tries back: the attempt was no guess (it worked, or nothing could be checked). */
  giveBack(): Promise<void>;
}

/**
 * Counts one try on every charge at once — counted before the guess is checked, so parallel
 * requests cannot all slip under a limit. When any allowance is used up, nothing is checked and
 * every try is taken back again: a refused request costs its sender nothing more, and an honest
 * visitor refused by a spent global allowance does not use up their own.
 */
export async function takeTries(charges: readonly Charge[]): Promise<Tries> {
  const results = await Promise.all(charges.map((charge) => charge.allowance.take(charge.key)));
  const giveBack = async () => {
    await Promise.all(charges.map((charge) => charge.allowance.giveBack(charge.key)));
  };
  const spent = charges.filter((_, i) => !results[i]).map((charge) => charge.allowance.name);
  if (spent.length > 0) {
    await giveBack();
    return { allowed: false, spent, giveBack: async () => {} };
  }
  return { allowed: true, spent, giveBack };
}
