import type { RequestHandler } from "express";
import { addressKey } from "~/forms/limits/address";
import { Allowance } from "~/forms/limits/allowance.server";
import { setRateLimitHeaders } from "~/forms/rate-limit.server";
import { log } from "~/observability/log.server";
import type { SharedCacheBan } from "./shared-cache-ban.server";
import type { UpstreamClearResult } from "~/upstream/clear-cache.server";
import { bearerToken, tokenMatches } from "./token";

export const CLEAR_CACHE_PATH = "/admin/clear-cache";

/** Wrong or missing tokens one address may send per window; then every attempt is refused. */
export const ADMIN_FAILURE_LIMIT = 10;
const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** How far a clear reached beyond this instance. */
export type SharedClear =
  /** Every instance was told (Redis): the shared tier's new generation, the instances listening. */
  | { status: "cleared"; generation: number; listeners: number }
  /** Redis did not answer: the clear is announced to the others as soon as it does. */
  | { status: "pending" }
  /** No REDIS_URL: this instance only. */
  | { status: "off" };

export interface ClearCacheOptions {
  token: string;
  /** The upstream services' own clears (`/coms/clear-cache/`, `/{provider}/clear-cache/`). */
  clearUpstream: () => Promise<Record<string, UpstreamClearResult>>;
  /** Clears this instance's caches and, with Redis, every other instance's. */
  clearCaches: () => Promise<{ cleared: string[]; shared: SharedClear }>;
  /**
   * Empties the shared cache in front of the instances (a BAN to SHARED_CACHE_BAN_URL), after
   * every instance's own caches; absent: `off`.
   */
  clearSharedCache?: () => Promise<SharedCacheBan>;
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /admin/clear-cache` with `Authorization: Bearer <ADMIN_TOKEN>`: for operators and
 * deploy scripts, not browsers, so it comes before the POST Origin guard and has its own
 * checks: the token compared in constant time, wrong tokens limited per address, no body read,
 * never cached. It asks both upstream services to clear their caches first (so nothing cleared
 * here is refilled from theirs), then clears the caches of this instance and of every other
 * (see RedisConnection.clearEverywhere), then the shared cache in front of them (a BAN), and
 * answers in JSON what it cleared: 200, or 502 when an upstream service's clear failed (the
 * site's caches are cleared all the same).
 */
export function clearCacheEndpoint(options: ClearCacheOptions): RequestHandler[] {
  // Counted per address (shared by the instances with Redis), before the token is compared.
  const allowance = new Allowance("admin-failures", {
    limit: () => ADMIN_FAILURE_LIMIT,
    windowMs: () => ADMIN_FAILURE_WINDOW_MS,
  });
  const failures: RequestHandler = (req, res, next) => {
    const address = addressKey(req.ip);
    allowance.count(address).then((take) => {
      setRateLimitHeaders(res, ADMIN_FAILURE_LIMIT, ADMIN_FAILURE_WINDOW_MS, take);
      if (!take.allowed) {
        res.status(429).set(NO_STORE).json({ error: "too many failed attempts" });
        return;
      }
      // Only refusals of the token count: an answer to the right token gives its try back.
      res.once("finish", () => {
        if (res.statusCode !== 401) void allowance.giveBack(address);
      });
      next();
    }, next);
  };

  const clear: RequestHandler = (req, res, next) => {
    res.set(NO_STORE);
    if (!tokenMatches(bearerToken(req.get("authorization")), options.token)) {
      log.warn("Admin cache clear refused: wrong or missing token");
      res.status(401).set("WWW-Authenticate", 'Bearer realm="admin"').json({
        error: "unauthorized",
      });
      return;
    }
    (async () => {
      const upstream = await options.clearUpstream();
      const { cleared, shared } = await options.clearCaches();
      const sharedCache: SharedCacheBan = options.clearSharedCache
        ? await options.clearSharedCache()
        : { status: "off" };
      const upstreamOk = Object.values(upstream).every((result) => result.ok);
      log.info("Caches cleared on request", { upstream, cleared, shared, sharedCache });
      res.status(upstreamOk ? 200 : 502).json({ upstream, cleared, shared, sharedCache });
    })().catch(next);
  };

  const otherMethods: RequestHandler = (req, res, next) => {
    if (req.method === "POST") return next();
    res
      .status(405)
      .set({ ...NO_STORE, Allow: "POST" })
      .json({ error: "method not allowed" });
  };

  return [otherMethods, failures, clear];
}
