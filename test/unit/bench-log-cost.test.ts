import { describe, expect, it } from "vitest";
import type { RunFigures } from "../../scripts/bench/load";
import { checkLogCost, logCostOf } from "../../scripts/bench/report";

function run(requestsPerSec: number, seconds = 10): RunFigures {
  return {
    requestsPerSec,
    p50Ms: 10,
    p99Ms: 30,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytesPerSec: 0,
    requests: requestsPerSec * seconds,
    statusCodes: { "200": requestsPerSec * seconds },
  };
}

describe("the request log's cost in the benchmark", () => {
  it("compares the mean of the info runs with the mean of the warn runs", () => {
    const cost = logCostOf([run(3000), run(3100)], [run(3200), run(3300)], 61_000 * 150);
    expect(cost).toMatchObject({ infoRps: 3050, warnRps: 3250, cost: 0.062 });
    expect(cost.bytesPerRequest).toBe(150);
    expect(cost.runs).toEqual({ info: [3000, 3100], warn: [3200, 3300] });
  });

  it.each([
    [3100, 3200, true],
    [3040, 3200, true],
    [3000, 3200, false],
    [3300, 3200, true],
  ])("info %d req/s against warn %d req/s is within 5 %%: %s", (info, warn, ok) => {
    expect(checkLogCost(logCostOf([run(info)], [run(warn)], 0), 0.05).ok).toBe(ok);
  });

  it("does not divide by zero when nothing was answered", () => {
    const cost = logCostOf([run(0)], [run(0)], 0);
    expect(cost.bytesPerRequest).toBe(0);
    expect(Number.isFinite(cost.cost)).toBe(true);
  });
});
