/**
 * This instance's own session records and account floors (session-store.server.ts), each in a
 * bounded store of its own, so that no visitor's sign-ins can push out another visitor's session
 * and no flood of password changes can bring an ended session back.
 */

/** A recorded session (session-store.server.ts). */
export interface SessionRecord {
  /** The account's keyed hash (account-key.server.ts), when known. */
  account: string | null;
  /** Started, last seen and latest end, ms since the epoch. */
  startedAt: number;
  seenAt: number;
  endsAt: number;
}

export interface MemoryLimits {
  /** Sessions recorded at once (live ones are never let go for a new one). */
  sessions: number;
  /** Account floors kept at once (beyond, the oldest is folded into the overflow floor). */
  floors: number;
}

/**
 * The default bounds: about 300 bytes a session and 170 a floor (measured on Node 24), some
 * 25 MB in all when both are full.
 */
export const MEMORY_LIMITS: MemoryLimits = { sessions: 50_000, floors: 50_000 };

/** A value and when it is dropped (ms since the epoch, by the store's clock). */
interface Kept<T> {
  value: T;
  until: number;
}

/**
 * Deletes the expired entries of `map`; returns when the first of the others expires (Infinity
 * when none is left).
 */
function purgeExpired<T>(map: Map<string, Kept<T>>, now: number): number {
  let next = Infinity;
  for (const [key, kept] of map) {
    if (kept.until <= now) map.delete(key);
    else if (kept.until < next) next = kept.until;
  }
  return next;
}

export class MemoryBackend {
  private readonly records = new Map<string, Kept<SessionRecord>>();
  /** In the order they were raised (a raise moves a floor to the end): the oldest come first. */
  private readonly floors = new Map<string, Kept<number>>();
  /**
   * The highest floor let go for room: every session of any account started up to it is over.
   * Losing a floor must never revive the sessions it ended; ending some others early is the
   * safe way to fail.
   */
  private overflowFloor = 0;
  /** While the records are full, none expires before this: no need to look again until then. */
  private fullUntil = 0;

  constructor(
    private readonly limits: MemoryLimits,
    private readonly clock: () => number,
  ) {}

  read(id: string): SessionRecord | null {
    const kept = this.records.get(id);
    if (!kept) return null;
    if (kept.until > this.clock()) return kept.value;
    this.records.delete(id);
    return null;
  }

  /**
   * Keeps `record` for `ttlMs`. A session already recorded is always written; a new one only
   * when there is room, made by dropping expired records — never a live one. False when it was
   * not written.
   */
  write(id: string, record: SessionRecord, ttlMs: number): boolean {
    const now = this.clock();
    if (!this.records.has(id) && this.records.size >= this.limits.sessions) {
      if (now < this.fullUntil) return false;
      this.fullUntil = purgeExpired(this.records, now);
      if (this.records.size >= this.limits.sessions) return false;
    }
    this.records.set(id, { value: record, until: now + Math.max(1, ttlMs) });
    return true;
  }

  remove(id: string): void {
    this.records.delete(id);
  }

  /** The account's floor: its own, or the overflow floor when that is higher. */
  floor(account: string): number {
    return Math.max(this.ownFloor(account), this.overflowFloor);
  }

  /** Raises the account's floor to `at` (never lowers it), kept for `ttlMs`. */
  raiseFloor(account: string, at: number, ttlMs: number): void {
    const now = this.clock();
    const value = Math.max(at, this.ownFloor(account));
    this.floors.delete(account);
    this.floors.set(account, { value, until: now + ttlMs });
    // Floors last as long as a session at most, so the oldest expire first: drop those, then
    // fold the oldest live ones into the overflow floor while there are too many.
    for (const [oldest, kept] of this.floors) {
      if (this.floors.size <= this.limits.floors && kept.until > now) break;
      this.floors.delete(oldest);
      if (kept.until > now) this.overflowFloor = Math.max(this.overflowFloor, kept.value);
    }
  }

  private ownFloor(account: string): number {
    const kept = this.floors.get(account);
    if (!kept) return 0;
    if (kept.until > this.clock()) return kept.value;
    this.floors.delete(account);
    return 0;
  }
}
