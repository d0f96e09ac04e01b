import { createHash } from "node:crypto";

/** Cache keys longer than this are stored by their hash: Redis keys stay short and bounded. */
export const MAX_PLAIN_KEY_LENGTH = 200;

/** The rate limiters whose counts the instances share. */
export type LimiterName =
  | "form"
  | "status-poll"
  | "download-hand-off"
  | "search"
  | "admin-failures"
  | "csp-report"
  | "sign-in"
  | "sign-in-new-device"
  | "sign-in-address"
  | "code-address"
  | "code-global"
  | "newsletter-email"
  | "newsletter-unverified-address"
  | "newsletter-unverified";

/**
 * Every key and channel the site uses in Redis, under one prefix (REDIS_KEY_PREFIX), so several
 * sites can share a server and an operator can find (or drop) everything of this one:
 *
 * - `<p>rl:<limiter>:<key>`: a rate limiter's count (rate-limiter-flexible, expires with its window);
 * - `<p>cache:generation`: the shared upstream cache's generation, raised by every clear;
 * - `<p>cache:<namespace>:<generation>:<key>`: one upstream answer, with the build's namespace so
 *   two releases never read each other's parsed answers;
 * - `<p>cache-lock:<namespace>:<generation>:<key>`: the instance refreshing that answer;
 * - `<p>cache-clear`: the channel that tells every instance to clear its in-process caches;
 * - `<p>session:<id>`: a signed-in session (expires when it has been idle too long);
 * - `<p>session-floor:<account>`: the account's sessions started up to this time are over.
 */
export function redisKeys(prefix: string) {
  const cacheKey = (key: string) =>
    key.length <= MAX_PLAIN_KEY_LENGTH
      ? key
      : `sha256:${createHash("sha256").update(key).digest("hex")}`;
  return {
    /** A limiter's key prefix; rate-limiter-flexible adds `:<key>`. */
    limiter: (name: LimiterName) => `${prefix}rl:${name}`,
    generation: `${prefix}cache:generation`,
    cacheEntry: (namespace: string, generation: number, key: string) =>
      `${prefix}cache:${namespace}:${generation}:${cacheKey(key)}`,
    cacheLock: (namespace: string, generation: number, key: string) =>
      `${prefix}cache-lock:${namespace}:${generation}:${cacheKey(key)}`,
    clearChannel: `${prefix}cache-clear`,
    session: (id: string) => `${prefix}session:${id}`,
    sessionFloor: (account: string) => `${prefix}session-floor:${account}`,
    /** What to SCAN for when sweeping cache entries and claims. */
    cachePattern: `${prefix}cache*`,
    /** The generation a cache entry or claim belongs to; null for any other key. */
    generationOf: (key: string): number | null => {
      for (const head of [`${prefix}cache:`, `${prefix}cache-lock:`]) {
        if (!key.startsWith(head)) continue;
        const [namespace, generation = ""] = key.slice(head.length).split(":", 2);
        return namespace && /^\d{1,16}$/.test(generation) ? Number(generation) : null;
      }
      return null;
    },
  };
}

export type RedisKeys = ReturnType<typeof redisKeys>;
