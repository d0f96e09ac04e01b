import type { BreakerState } from "./breaker";

/** An answer from the upstream this recent says it is reachable without asking again. */
export const RECENT_ANSWER_MS = 30_000;
/** The readiness probe's own timeout: a load balancer's check must not wait 20 s. */
export const PROBE_TIMEOUT_MS = 2_000;

/** The health of what pages need from the upstream (its content family, families.ts). */
export interface UpstreamHealth {
  breaker: BreakerState;
  /** Milliseconds since the family last answered (below 500), or null if it never has. */
  sinceAnswerMs: number | null;
  /** Whether the upstream cache holds answers it may still serve (stale-if-error). */
  cacheWarm: boolean;
}

export type ReadinessReason = "upstream" | "cache" | "upstream-unavailable";

export interface Readiness {
  ready: boolean;
  reason: ReadinessReason;
}

/**
 * Whether this instance should get traffic (decision 017): it can serve pages when the upstream
 * answers, or when its cache holds answers to serve stale. An open breaker means the upstream is
 * failing now, whatever answered before. Without a recent answer or a warm cache only a probe can
 * tell: `"probe"` asks for one, and the state after it (`probed`) decides.
 */
export function readinessOf(health: UpstreamHealth, probed: true): Readiness;
export function readinessOf(health: UpstreamHealth, probed?: boolean): Readiness | "probe";
export function readinessOf(health: UpstreamHealth, probed = false): Readiness | "probe" {
  if (health.breaker === "open") {
    return health.cacheWarm ? { ready: true, reason: "cache" } : UNAVAILABLE;
  }
  if (health.sinceAnswerMs !== null && health.sinceAnswerMs < RECENT_ANSWER_MS) {
    return { ready: true, reason: "upstream" };
  }
  if (health.cacheWarm) return { ready: true, reason: "cache" };
  return probed ? UNAVAILABLE : "probe";
}

const UNAVAILABLE: Readiness = { ready: false, reason: "upstream-unavailable" };
