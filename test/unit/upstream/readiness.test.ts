import { describe, expect, it } from "vitest";
import { readinessOf, RECENT_ANSWER_MS, type UpstreamHealth } from "~/upstream/readiness";

const health = (over: Partial<UpstreamHealth>): UpstreamHealth => ({
  breaker: "closed",
  sinceAnswerMs: null,
  cacheWarm: false,
  ...over,
});

describe("readiness (decision 017)", () => {
  it.each([
    ["the upstream answered just now", { sinceAnswerMs: 50 }, { ready: true, reason: "upstream" }],
    [
      "the upstream answered within the last 30 s",
      { sinceAnswerMs: RECENT_ANSWER_MS - 1 },
      { ready: true, reason: "upstream" },
    ],
    [
      "a warm cache, nothing heard for a while",
      { sinceAnswerMs: RECENT_ANSWER_MS, cacheWarm: true },
      { ready: true, reason: "cache" },
    ],
    [
      "the breaker is open but the cache can serve stale pages",
      { breaker: "open", cacheWarm: true, sinceAnswerMs: 10 },
      { ready: true, reason: "cache" },
    ],
    [
      "the breaker is open and the cache is cold, whatever answered before",
      { breaker: "open", sinceAnswerMs: 10 },
      { ready: false, reason: "upstream-unavailable" },
    ],
    ["a cold start: nothing known", {}, "probe"],
    ["a half-open breaker with a cold cache", { breaker: "half-open" }, "probe"],
    ["a long-silent upstream with a cold cache", { sinceAnswerMs: RECENT_ANSWER_MS * 10 }, "probe"],
  ] as const)("%s", (_case, state, verdict) => {
    expect(readinessOf(health(state))).toEqual(verdict);
  });

  it("after a probe, ready if it brought an answer, else unavailable", () => {
    expect(readinessOf(health({ sinceAnswerMs: 3 }), true)).toEqual({
      ready: true,
      reason: "upstream",
    });
    expect(readinessOf(health({}), true)).toEqual({
      ready: false,
      reason: "upstream-unavailable",
    });
    expect(readinessOf(health({ breaker: "open" }), true)).toEqual({
      ready: false,
      reason: "upstream-unavailable",
    });
  });
});
