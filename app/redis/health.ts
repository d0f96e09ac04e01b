/** What this instance last saw of Redis: nothing yet, answers, or failures. */
export type RedisHealth = "unknown" | "up" | "down";

/** What to log about a change: the first contact, the start of an outage, or its end. */
export type HealthEvent = "connected" | "unavailable" | "recovered" | null;

/**
 * The next health after a command or connection `outcome`, and what to log about it: every
 * failure of an outage after the first and every success while up stay quiet, so an outage is
 * logged once when it starts and once when it ends, however many requests meet it.
 */
export function nextHealth(
  health: RedisHealth,
  outcome: "success" | "failure",
): { health: RedisHealth; event: HealthEvent } {
  if (outcome === "success") {
    if (health === "up") return { health, event: null };
    return { health: "up", event: health === "down" ? "recovered" : "connected" };
  }
  return { health: "down", event: health === "down" ? null : "unavailable" };
}
