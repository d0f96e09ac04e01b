import { createHash } from "node:crypto";
import type { Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { BoundedMemoryStore } from "./bounded-memory-store";
import { redis, type RedisConnection } from "./connection.server";
import { FallbackStore } from "./fallback-store";
import type { LimiterName } from "./keys";

/**
 * Sends one command for rate-limit-redis. The store loads its two scripts once, when its limiter
 * is created; when Redis cannot be reached then, the script's SHA-1 (exactly what `SCRIPT LOAD`
 * would answer) stands in, and the first `EVALSHA` that meets `NOSCRIPT` loads the script — as
 * the store already does after a Redis restart. Without this, a store created during an outage
 * would keep failing after Redis came back.
 */
export async function sendLimiterCommand(
  connection: Pick<RedisConnection, "client">,
  command: string,
  args: string[],
): Promise<RedisReply> {
  try {
    return (await connection.client.call(command, ...args)) as RedisReply;
  } catch (error) {
    if (command === "SCRIPT" && args[0] === "LOAD" && args[1] !== undefined) {
      return createHash("sha1").update(args[1]).digest("hex");
    }
    throw error;
  }
}

/**
 * The store of one rate limiter: shared by every instance in Redis (with this instance's own
 * counts as the fallback) when REDIS_URL is set, otherwise in memory (bounded in keys).
 */
export function rateLimitStore(name: LimiterName): Store {
  const connection = redis();
  return connection ? sharedRateLimitStore(connection, name) : new BoundedMemoryStore();
}

/** A limiter's counts in Redis, with this instance's own as the fallback (fallback-store.ts). */
export function sharedRateLimitStore(connection: RedisConnection, name: LimiterName): Store {
  const shared = new RedisStore({
    prefix: connection.keys.limiter(name),
    sendCommand: (command, ...args) => sendLimiterCommand(connection, command, args),
  });
  return new FallbackStore(shared, new BoundedMemoryStore(), connection);
}
