import type { RedisConnection } from "~/redis/connection.server";
import {
  MEMORY_LIMITS,
  MemoryBackend,
  type MemoryLimits,
  type SessionRecord,
} from "./session-memory.server";

/**
 * The server's record of every signed-in session (decision 022): the sealed cookie names a
 * session, and only a session recorded here is one. Signing out removes the record, so the
 * cookie opens nothing any more, whoever replays it; a password change ends every session of the
 * account at once (its "floor": sessions started up to then are over); a session ends by itself
 * after a time without requests (idle) and at its latest end.
 *
 * Records live in memory, and in Redis when REDIS_URL is set, so every instance knows at once
 * what another ended. While Redis cannot be reached an instance trusts only the sessions it
 * started itself since Redis last answered (no other instance can have ended those), and keeps
 * the ends it could not write, writing them when Redis is back: any other session is taken for
 * over until then, never for live because Redis was away.
 *
 * In memory (session-memory.server.ts) sessions and floors are kept apart, each bounded
 * (MEMORY_LIMITS: 50,000 sessions and 50,000 floors per instance), so other visitors' sign-ins
 * never push out a live session. Without Redis, a sign-in while every place holds a live
 * session is refused (`SessionsFullError`: the sign-in page answers 503, "try again later")
 * until sessions end or go idle; with Redis the session is kept there and only this instance's
 * copy is skipped. Past the floors' bound the oldest floor is folded into one floor for every
 * account: sessions started before it are over (signed out early, never revived).
 */

export type { SessionRecord };

export interface SessionTimes {
  idleMs: number;
  maxAgeMs: number;
}

/** A new session could not be recorded anywhere: every place in memory holds a live session. */
export class SessionsFullError extends Error {
  constructor() {
    super("No room for a new session: every place holds a live one");
    this.name = "SessionsFullError";
  }
}

/** A session seen again within this long is not written again (one write a minute at most). */
const TOUCH_EVERY_MS = 60_000;

function parseRecord(text: string | null): SessionRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionRecord>;
    const times = [value.startedAt, value.seenAt, value.endsAt];
    if (!times.every((t) => typeof t === "number" && Number.isFinite(t))) return null;
    const account = typeof value.account === "string" ? value.account : null;
    return { account, startedAt: value.startedAt!, seenAt: value.seenAt!, endsAt: value.endsAt! };
  } catch {
    return null;
  }
}

/** The records shared by every instance. */
class RedisBackend {
  constructor(private readonly connection: RedisConnection) {}

  private run<T>(command: () => Promise<T>): Promise<T> {
    if (!this.connection.ready) return Promise.reject(new Error("Redis is not connected"));
    return command().then(
      (answer) => {
        this.connection.succeeded();
        return answer;
      },
      (error: unknown) => {
        this.connection.failed(error);
        throw error;
      },
    );
  }

  read(id: string) {
    const { client, keys } = this.connection;
    return this.run(() => client.get(keys.session(id))).then(parseRecord);
  }
  async write(id: string, record: SessionRecord, ttlMs: number) {
    const { client, keys } = this.connection;
    const ttl = Math.max(1, Math.ceil(ttlMs));
    await this.run(() => client.set(keys.session(id), JSON.stringify(record), "PX", ttl));
  }
  async remove(id: string) {
    const { client, keys } = this.connection;
    await this.run(() => client.del(keys.session(id)));
  }
  async floor(account: string) {
    const { client, keys } = this.connection;
    const value = Number(await this.run(() => client.get(keys.sessionFloor(account))));
    return Number.isFinite(value) ? value : 0;
  }
  async raiseFloor(account: string, at: number, ttlMs: number) {
    const { client, keys } = this.connection;
    const key = keys.sessionFloor(account);
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    // Never lowered: a later floor written first stays.
    const script =
      "local c = tonumber(redis.call('GET', KEYS[1]) or '0') " +
      "if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end " +
      "return 1";
    await this.run(() => client.eval(script, 1, key, String(at), ttl));
  }
}

/** What makes a recorded session live: not idle too long, not past its end, above its floor. */
function isLive(record: SessionRecord, floor: number, now: number, times: SessionTimes): boolean {
  return record.startedAt > floor && now < record.endsAt && now - record.seenAt <= times.idleMs;
}

/** How long a record is kept from `now`: until it would go idle, or its end if sooner. */
function keepFor(record: SessionRecord, times: SessionTimes, now: number): number {
  return Math.min(record.seenAt + times.idleMs, record.endsAt) - now;
}

export class SessionStore {
  private readonly local: MemoryBackend;
  private readonly shared: RedisBackend | null;
  /** Ends that could not reach Redis yet, by key: written as soon as it answers again. */
  private readonly pending = new Map<string, () => Promise<void>>();
  /** When Redis last answered this store. */
  private sharedAnsweredAt = 0;

  constructor(
    connection: RedisConnection | undefined,
    private readonly times: () => SessionTimes,
    private readonly clock: () => number = () => Date.now(),
    limits: MemoryLimits = MEMORY_LIMITS,
  ) {
    this.local = new MemoryBackend(limits, clock);
    this.shared = connection ? new RedisBackend(connection) : null;
  }

  /**
   * Records a new session; its start is later than every floor raised before it. Throws
   * `SessionsFullError` when it could be recorded nowhere (no Redis, and memory full of live
   * sessions): no live session is ever let go to make room.
   */
  async start(id: string, account: string | null): Promise<SessionRecord> {
    const now = this.clock();
    const times = this.times();
    const floor = account ? await this.floorOf(account) : 0;
    const record: SessionRecord = {
      account,
      startedAt: Math.max(now, floor + 1),
      seenAt: now,
      endsAt: now + times.maxAgeMs,
    };
    if (!(await this.save(id, record, keepFor(record, times, now)))) throw new SessionsFullError();
    return record;
  }

  /**
   * The session's record when it is live (seen now: the idle time starts again), else null:
   * never started here, signed out, idle too long, past its end or below its account's floor.
   */
  async check(id: string): Promise<SessionRecord | null> {
    const now = this.clock();
    const times = this.times();
    await this.flushPending();
    const record = await this.read(id);
    if (!record) return null;
    const floor = record.account ? await this.floorOf(record.account) : 0;
    if (!isLive(record, floor, now, times)) {
      await this.end(id);
      return null;
    }
    if (now - record.seenAt >= TOUCH_EVERY_MS) {
      const seen = { ...record, seenAt: now };
      await this.save(id, seen, keepFor(seen, times, now));
      return seen;
    }
    return record;
  }

  /** Notes whose session this is (learned after a sign-in by link), so a floor reaches it. */
  async setAccount(id: string, account: string): Promise<void> {
    const record = await this.read(id);
    if (!record || record.account === account) return;
    const now = this.clock();
    await this.save(id, { ...record, account }, keepFor(record, this.times(), now));
  }

  /** Ends one session (sign-out, or the provider no longer knows it). */
  async end(id: string): Promise<void> {
    this.local.remove(id);
    if (this.shared) await this.tryShared(`end ${id}`, (shared) => shared.remove(id));
  }

  /**
   * Ends every session of the account started until now (a password change): a session started
   * after it, such as the one that changed it goes on in, is live.
   */
  async endAccount(account: string): Promise<void> {
    const now = this.clock();
    const ttl = this.times().maxAgeMs;
    this.local.raiseFloor(account, now, ttl);
    if (this.shared) {
      await this.tryShared(`floor ${account}`, (shared) => shared.raiseFloor(account, now, ttl));
    }
  }

  private async read(id: string): Promise<SessionRecord | null> {
    const shared = this.shared;
    if (!shared) return this.local.read(id);
    try {
      const record = await this.answered(() => shared.read(id));
      if (!record) this.local.remove(id);
      return record;
    } catch {
      const own = this.local.read(id);
      return own && own.startedAt > this.sharedAnsweredAt ? own : null;
    }
  }

  private async floorOf(account: string): Promise<number> {
    const own = this.local.floor(account);
    const shared = this.shared;
    if (!shared) return own;
    const floor = await this.answered(() => shared.floor(account)).catch(() => 0);
    return Math.max(own, floor);
  }

  /** Writes a record here and to Redis; false when neither kept it. */
  private async save(id: string, record: SessionRecord, ttlMs: number): Promise<boolean> {
    const kept = this.local.write(id, record, ttlMs);
    const shared = this.shared;
    if (!shared) return kept;
    return this.answered(() => shared.write(id, record, ttlMs)).then(
      () => true,
      () => kept,
    );
  }

  /** A Redis command, noting when Redis last answered. */
  private async answered<T>(command: () => Promise<T>): Promise<T> {
    const answer = await command();
    this.sharedAnsweredAt = this.clock();
    return answer;
  }

  private async tryShared(key: string, write: (shared: RedisBackend) => Promise<void>) {
    const shared = this.shared;
    if (!shared) return;
    const attempt = () => this.answered(() => write(shared));
    try {
      await attempt();
      this.pending.delete(key);
    } catch {
      this.pending.set(key, attempt);
    }
  }

  /** Writes the ends made while Redis was away, once it answers. */
  private async flushPending(): Promise<void> {
    if (this.pending.size === 0 || !this.shared) return;
    for (const [key, attempt] of this.pending) {
      try {
        await attempt();
        this.pending.delete(key);
      } catch {
        return;
      }
    }
  }
}
