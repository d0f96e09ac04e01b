import { describe, expect, it } from "vitest";
import { nextHealth, type HealthEvent, type RedisHealth } from "~/redis/health";

describe("nextHealth (an outage is logged once when it starts and once when it ends)", () => {
  it.each<[RedisHealth, "success" | "failure", RedisHealth, HealthEvent]>([
    ["unknown", "success", "up", "connected"],
    ["unknown", "failure", "down", "unavailable"],
    ["up", "success", "up", null],
    ["up", "failure", "down", "unavailable"],
    ["down", "failure", "down", null],
    ["down", "success", "up", "recovered"],
  ])("%s + %s → %s, logs %s", (health, outcome, next, event) => {
    expect(nextHealth(health, outcome)).toEqual({ health: next, event });
  });

  it("logs a thousand failed requests of one outage once, and its end once", () => {
    let health: RedisHealth = "up";
    const events: HealthEvent[] = [];
    const step = (outcome: "success" | "failure") => {
      const next = nextHealth(health, outcome);
      health = next.health;
      if (next.event) events.push(next.event);
    };
    for (let i = 0; i < 1000; i++) step("failure");
    for (let i = 0; i < 1000; i++) step("success");
    expect(events).toEqual(["unavailable", "recovered"]);
  });
});
