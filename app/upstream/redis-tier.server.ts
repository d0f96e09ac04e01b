import type { RedisConnection } from "~/redis/connection.server";
import type { SharedEntry, SharedTier } from "./cache.server";
import { decodeSharedEntry, encodeSharedEntry } from "./shared-entry";

export type TierConnection = Pick<
  RedisConnection,
  | "client"
  | "keys"
  | "ready"
  | "generation"
  | "cacheNamespace"
  | "instanceId"
  | "failed"
  | "succeeded"
>;

/**
 * The upstream cache's shared tier in Redis: one string per answer (`{"t":storedAt,"v":…}`)
 * under the release's namespace and the current generation, expiring with the answer's longest
 * window. Off (every read a miss, every write skipped) while Redis is disconnected or the
 * generation is not known yet; a failed command is a miss as well.
 */
export class RedisTier implements SharedTier {
  constructor(private readonly connection: TierConnection) {}

  /** Where answers go now, or undefined while the tier is off. */
  private scope(): { namespace: string; generation: number } | undefined {
    const { ready, generation, cacheNamespace } = this.connection;
    if (!ready || generation === undefined || cacheNamespace === undefined) return undefined;
    return { namespace: cacheNamespace, generation };
  }

  async get(key: string): Promise<SharedEntry | undefined> {
    const scope = this.scope();
    if (!scope) return undefined;
    const { client, keys } = this.connection;
    try {
      const text = await client.get(keys.cacheEntry(scope.namespace, scope.generation, key));
      this.connection.succeeded();
      return decodeSharedEntry(text);
    } catch (error) {
      this.connection.failed(error);
      return undefined;
    }
  }

  async set(key: string, entry: SharedEntry, ttlMs: number): Promise<void> {
    const scope = this.scope();
    if (!scope || ttlMs < 1) return;
    const text = encodeSharedEntry(entry);
    if (text === null) return;
    const { client, keys } = this.connection;
    try {
      const name = keys.cacheEntry(scope.namespace, scope.generation, key);
      await client.set(name, text, "PX", Math.ceil(ttlMs));
      this.connection.succeeded();
    } catch (error) {
      this.connection.failed(error);
    }
  }

  async claim(key: string, ms: number): Promise<boolean> {
    const scope = this.scope();
    if (!scope) return true;
    const { client, keys, instanceId } = this.connection;
    try {
      const name = keys.cacheLock(scope.namespace, scope.generation, key);
      const answer = await client.set(name, instanceId, "PX", Math.ceil(ms), "NX");
      this.connection.succeeded();
      return answer === "OK";
    } catch (error) {
      this.connection.failed(error);
      return true;
    }
  }
}
