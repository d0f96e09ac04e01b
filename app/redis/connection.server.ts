import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { clearLocalCaches } from "~/redis/local-caches.server";
import { getConfig } from "~/config/config.server";
import { logger } from "~/observability/log.server";
import { nextHealth, type RedisHealth } from "./health";
import { redisKeys, type RedisKeys } from "./keys";

/** No Redis command may hold a request longer than this (connected but slow, or frozen). */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection attempts back off to one every 2 s, for as long as the outage lasts. */
const MAX_RECONNECT_DELAY_MS = 2_000;

export interface RedisConnectionOptions {
  url: string;
  keyPrefix: string;
  log: Logger;
  commandTimeoutMs?: number;
}

/** What an instance publishes when it cleared the caches. */
export interface ClearMessage {
  generation: number;
  from: string;
}

function parseClearMessage(text: string): ClearMessage | null {
  try {
    const value = JSON.parse(text) as Partial<ClearMessage>;
    return Number.isSafeInteger(value.generation) && typeof value.from === "string"
      ? { generation: value.generation!, from: value.from }
      : null;
  } catch {
    return null;
  }
}

/**
 * The process's connection to the Redis the instances share: one client for commands, one
 * subscribed to the cache-clear channel. It never holds the site up: commands fail at once while
 * disconnected (no offline queue) and after COMMAND_TIMEOUT_MS when Redis is slow, start-up does
 * not wait for it, it reconnects in the background for as long as it takes, and an outage is
 * logged once when it starts and once when it ends. Callers fall back to in-process behaviour.
 */
export class RedisConnection {
  readonly client: Redis;
  readonly keys: RedisKeys;
  /** Tells this instance's own clear messages from the others'. */
  readonly instanceId = randomUUID();
  /** The shared cache's generation as this instance last learned it (undefined: not yet). */
  generation: number | undefined;
  /**
   * The release the cached answers belong to (the server sets it from the build's version), so
   * two releases running side by side in a rolling deploy never read each other's answers.
   */
  cacheNamespace: string | undefined;
  private readonly subscriber: Redis;
  private readonly log: Logger;
  private health: RedisHealth = "unknown";
  private syncing: Promise<void> | undefined;
  /** A clear this instance made could not reach Redis yet. */
  private clearPending = false;
  /** Raised by every generation change, so an older read never overwrites a newer message. */
  private generationSeq = 0;

  constructor(options: RedisConnectionOptions) {
    this.log = options.log;
    this.keys = redisKeys(options.keyPrefix);
    const clientOptions = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
      lazyConnect: false,
    };
    this.client = new Redis(options.url, { ...clientOptions, connectionName: "keynest-site" });
    this.subscriber = new Redis(options.url, {
      ...clientOptions,
      connectionName: "keynest-site-clears",
      // Subscribed below on every "ready", with its failure handled: ioredis's own resubscription
      // sends without a handler, and a connection lost again at that moment (enableOfflineQueue
      // off) would reject it unhandled — which ends a Node process.
      autoResubscribe: false,
    });
    for (const connection of [this.client, this.subscriber]) {
      connection.on("error", (error: Error) => this.failed(error));
      // A new connection (the first, or after an outage) may have missed clears: catch up.
      connection.on("ready", () => {
        this.succeeded();
        void this.syncGeneration();
      });
    }
    // Subscribed on every (re)connection: a subscription asked while Redis was down never took.
    this.subscriber.on("ready", () => {
      this.subscriber.subscribe(this.keys.clearChannel).catch((error) => this.failed(error));
    });
    this.subscriber.on("message", (channel: string, text: string) => {
      if (channel !== this.keys.clearChannel) return;
      const message = parseClearMessage(text);
      if (!message || message.from === this.instanceId) return;
      this.generationSeq += 1;
      this.generation = message.generation;
      const cleared = clearLocalCaches();
      this.log.info(
        { generation: message.generation, cleared },
        "Caches cleared by another instance",
      );
    });
  }

  /** Connected and answering (as far as the client knows): worth sending a command. */
  get ready(): boolean {
    return this.client.status === "ready";
  }

  /** A command failed or timed out: logged once per outage. */
  failed(error: unknown): void {
    const { health, event } = nextHealth(this.health, "failure");
    this.health = health;
    if (event === "unavailable") {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { reason },
        "Redis unavailable: rate limits, the upstream cache and cache clears stay in-process until it is back",
      );
    }
  }

  /** A command answered: ends an outage. */
  succeeded(): void {
    const { health, event } = nextHealth(this.health, "success");
    this.health = health;
    if (event === "connected") this.log.info("Redis connected: limits and caches are shared");
    if (event === "recovered") this.log.info("Redis reachable again: limits and caches are shared");
  }

  /**
   * Reads the shared cache's generation. A generation that changed while this instance was not
   * listening means it missed a clear: its own caches are cleared now. A missing generation
   * (a new or emptied Redis) starts at the current time, above any earlier count, so answers
   * stored under an old generation never become visible again.
   */
  syncGeneration(): Promise<void> {
    // The command connection's own "ready" syncs when it is the one still connecting.
    if (!this.ready) return Promise.resolve();
    this.syncing ??= this.readGeneration().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async readGeneration(): Promise<void> {
    const seq = this.generationSeq;
    try {
      if (this.clearPending) {
        const { generation } = await this.announceClear();
        this.log.info({ generation }, "Cache clear made while Redis was away: announced now");
        return;
      }
      await this.client.set(this.keys.generation, String(Date.now()), "NX");
      const value = Number(await this.client.get(this.keys.generation));
      if (!Number.isSafeInteger(value) || seq !== this.generationSeq) return;
      const missed = this.generation !== undefined && this.generation !== value;
      this.generationSeq += 1;
      this.generation = value;
      if (missed) {
        const cleared = clearLocalCaches();
        this.log.info({ generation: value, cleared }, "Caches cleared: a clear came while away");
      }
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Clears this instance's caches and, through Redis, every other instance's: a new generation
   * of the shared cache (every stored answer is dropped at once, and refreshes still running
   * land in the old one), announced on the clear channel. The shared tier is off from the local
   * clear until the new generation is known, so nothing read or written meanwhile outlives the
   * clear. When Redis cannot be reached, the clear stays pending and is announced as soon as it
   * answers again. Returns the caches cleared here and what Redis said (null: pending).
   */
  async clearEverywhere(): Promise<{
    cleared: string[];
    shared: { generation: number; listeners: number } | null;
  }> {
    this.generationSeq += 1;
    this.generation = undefined;
    this.clearPending = true;
    const cleared = clearLocalCaches();
    try {
      return { cleared, shared: await this.announceClear() };
    } catch (error) {
      this.failed(error);
      return { cleared, shared: null };
    }
  }

  private async announceClear(): Promise<{ generation: number; listeners: number }> {
    await this.client.set(this.keys.generation, String(Date.now()), "NX");
    const generation = await this.client.incr(this.keys.generation);
    this.clearPending = false;
    this.generationSeq += 1;
    this.generation = generation;
    const message: ClearMessage = { generation, from: this.instanceId };
    const listeners = await this.client.publish(this.keys.clearChannel, JSON.stringify(message));
    this.succeeded();
    void this.dropSuperseded(generation);
    return { generation, listeners };
  }

  /**
   * Unlinks the cache entries of earlier generations, which nobody reads any more, instead of
   * leaving them to their TTL (up to a day of memory per clear). Best effort, in the background:
   * what it misses still expires.
   */
  private async dropSuperseded(generation: number): Promise<void> {
    let cursor = "0";
    let dropped = 0;
    try {
      do {
        const [next, found] = await this.client.scan(
          cursor,
          "MATCH",
          this.keys.cachePattern,
          "COUNT",
          500,
        );
        cursor = next;
        const old = found.filter((key) => {
          const of = this.keys.generationOf(key);
          return of !== null && of !== generation;
        });
        if (old.length > 0) dropped += await this.client.unlink(...old);
      } while (cursor !== "0");
      if (dropped > 0) this.log.info({ dropped }, "Cache entries of earlier generations dropped");
    } catch (error) {
      this.failed(error);
    }
  }

  /** Closes both connections: politely when Redis answers, at once when it does not. */
  async close(): Promise<void> {
    await Promise.all(
      [this.client, this.subscriber].map(async (connection) => {
        const quit = connection.quit().catch(() => undefined);
        await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, 500))]);
        connection.disconnect();
      }),
    );
  }
}

let shared: RedisConnection | undefined;

/**
 * The process's Redis connection when REDIS_URL is set, else undefined (everything in-process):
 * one per process, made on first use.
 */
export function redis(): RedisConnection | undefined {
  const config = getConfig().redis;
  if (!config) return undefined;
  shared ??= new RedisConnection({ url: config.url, keyPrefix: config.keyPrefix, log: logger() });
  return shared;
}

/** Closes the process's connection, if one was opened (graceful shut-down). */
export async function closeRedis(): Promise<void> {
  const connection = shared;
  shared = undefined;
  await connection?.close();
}
