import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { describeFailure, RepeatGate, repeatLimitedLog } from "~/observability/log-repeats.server";
import { createLogger } from "~/observability/log.server";
import { UpstreamError } from "~/upstream/errors";

/** Repeated failures are written once per interval per kind (app/observability/log-repeats.server.ts). */

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("RepeatGate", () => {
  // Each step: [ms since the start, key, what `pass` answers].
  it.each([
    [
      "the first of a kind passes; repeats within the interval are held back",
      [
        [0, "a", 0],
        [10, "a", null],
        [59_999, "a", null],
      ],
    ],
    [
      "the first after the interval passes with the count held back",
      [
        [0, "a", 0],
        [1, "a", null],
        [2, "a", null],
        [60_000, "a", 2],
        [60_001, "a", null],
        [120_000, "a", 1],
      ],
    ],
    [
      "kinds are counted apart",
      [
        [0, "a", 0],
        [1, "b", 0],
        [2, "a", null],
        [3, "b", null],
        [4, "b", null],
        [60_001, "b", 2],
        [60_002, "a", 1],
      ],
    ],
    [
      "after a quiet interval, nothing was held back",
      [
        [0, "a", 0],
        [600_000, "a", 0],
      ],
    ],
  ] as const)("%s", (_case, steps) => {
    const time = clock();
    const gate = new RepeatGate(60_000, time.now);
    let at = 0;
    for (const [ms, key, answer] of steps) {
      time.advance(ms - at);
      at = ms;
      expect(gate.pass(key), `${key} at ${ms} ms`).toBe(answer);
    }
  });

  it("forgets the kind written longest ago when it holds as many as it may", () => {
    const time = clock();
    const gate = new RepeatGate(60_000, time.now, 2);
    expect(gate.pass("a")).toBe(0);
    expect(gate.pass("b")).toBe(0);
    expect(gate.pass("c")).toBe(0);
    // "a" was forgotten, so it passes again; "c" is still held back.
    expect(gate.pass("a")).toBe(0);
    expect(gate.pass("c")).toBeNull();
  });
});

describe("describeFailure", () => {
  it.each([
    [
      "an upstream failure: status and key, no stack",
      new UpstreamError(500, { message: "INTERNAL_ERROR" }, "Upstream answered 500 for /x/"),
      "upstream 500 INTERNAL_ERROR",
      {
        upstream: { status: 500, code: "INTERNAL_ERROR", message: "Upstream answered 500 for /x/" },
      },
    ],
    [
      "an upstream failure without a key",
      new UpstreamError(502, {}, "Upstream answered 502 for /x/"),
      "upstream 502 ",
      { upstream: { status: 502, code: null, message: "Upstream answered 502 for /x/" } },
    ],
    [
      "an upstream key too long to keep",
      new UpstreamError(503, { message: "X".repeat(100) }, "m"),
      `upstream 503 ${"X".repeat(64)}…`,
      { upstream: { status: 503, code: `${"X".repeat(64)}…`, message: "m" } },
    ],
    ["something that is not an error", "down", "down", { detail: "down" }],
  ])("%s", (_case, error, kind, fields) => {
    expect(describeFailure(error)).toEqual({ kind, fields });
  });

  it("keeps the stack of an unexpected error", () => {
    const error = new TypeError("x is undefined");
    expect(describeFailure(error)).toEqual({
      kind: "TypeError x is undefined",
      fields: { err: error },
    });
  });
});

describe("repeatLimitedLog", () => {
  it("writes the first failure of a kind, then the next after the interval with the count", () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const target = createLogger("info", stream);
    const time = clock();
    const log = repeatLimitedLog(new RepeatGate(60_000, time.now), () => target);
    const down = () => new UpstreamError(500, { message: "INTERNAL_ERROR" }, "Upstream answered");
    for (let i = 0; i < 50; i++) log("error", "download hand-off", `Download ${i} failed`, down());
    log("error", "search", "Search failed", down());
    time.advance(60_000);
    log("error", "download hand-off", "Download 50 failed", down());

    expect(
      lines.map(({ level, msg, where, suppressed }) => [level, msg, where, suppressed]),
    ).toEqual([
      ["error", "Download 0 failed", "download hand-off", undefined],
      ["error", "Search failed", "search", undefined],
      ["error", "Download 50 failed", "download hand-off", 49],
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
    expect(lines[0]).toMatchObject({
      upstream: { status: 500, code: "INTERNAL_ERROR", message: "Upstream answered" },
    });
  });
});
