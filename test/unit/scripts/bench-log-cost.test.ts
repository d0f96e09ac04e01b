import { describe, expect, it } from "vitest";
import { checkLogCost, logCostOf, type SsrFigures } from "../../../scripts/bench/report";

/** A 10-s run at `requestsPerSec` in which the server used `cpuMsPerRequest` per answer. */
function run(requestsPerSec: number, cpuMsPerRequest: number | null, seconds = 10): SsrFigures {
  const requests = requestsPerSec * seconds;
  return {
    requestsPerSec,
    p50Ms: 10,
    p90Ms: 20,
    p99Ms: 30,
    maxMs: 40,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytesPerSec: 0,
    requests,
    statusCodes: { "200": requests },
    cpuMsPerRequest,
    cpuMs: cpuMsPerRequest === null ? null : cpuMsPerRequest * requests,
  };
}

describe("the request log's cost in the benchmark", () => {
  it("takes the median over the pairs of runs, so one disturbed run does not decide it", () => {
    // Pair shares of throughput: 1 − 3000/3200 = 6.3 %, 1 − 3100/3100 = 0, 1 − 2000/3300 = 39 %
    // (a disturbed info run) → median 6.3 %.
    const info = [run(3000, 0.2), run(3100, 0.2), run(2000, 0.3)];
    const warn = [run(3200, 0.19), run(3100, 0.2), run(3300, 0.19)];
    const cost = logCostOf(info, warn, 81_000 * 150);
    expect(cost.cost).toBe(0.063);
    expect(cost.bytesPerRequest).toBe(150);
    expect(cost).toMatchObject({ infoRps: 2700, warnRps: 3200 });
    // CPU shares 5 %, 0, 36.7 % → median 5 %; the pooled figures for the record.
    expect(cost.cpuCost).toBe(0.05);
    expect(cost.infoCpuMs).toBe(0.2247);
    expect(cost.warnCpuMs).toBe(0.1932);
    expect(cost.runs.info[2]).toEqual({ requestsPerSec: 2000, cpuMsPerRequest: 0.3 });
  });

  it("averages the two middle pairs of an even number", () => {
    const cost = logCostOf(
      [run(3000, 0.2), run(3100, 0.2), run(3050, 0.2), run(2900, 0.2)],
      [run(3000, 0.2), run(3100, 0.2), run(3200, 0.2), run(3300, 0.2)],
      0,
    );
    // Shares 0, 0, 4.7 %, 12.1 % → (0 + 4.7) ÷ 2.
    expect(cost.cost).toBe(0.023);
  });

  it.each([
    [3100, 3200, true],
    [3040, 3200, true],
    [3000, 3200, false],
    [3300, 3200, true],
  ])("info %d req/s against warn %d req/s is within 5 %%: %s", (info, warn, ok) => {
    const check = checkLogCost(logCostOf([run(info, 0.2)], [run(warn, 0.2)], 0), 0.05);
    expect(check.ok).toBe(ok);
    expect(check.detail).toContain(`req/s info ${info}; warn ${warn}`);
  });

  it("records an unreadable CPU time as unknown without failing the throughput budget", () => {
    const cost = logCostOf([run(3000, null)], [run(3000, 0.2)], 0);
    expect(Number.isNaN(cost.cpuCost)).toBe(true);
    expect(cost.infoCpuMs).toBeNull();
    const check = checkLogCost(cost, 0.05);
    expect(check.ok).toBe(true);
    expect(check.detail).toContain("info ? ms");
  });

  it("fails the budget when a run answered nothing or no pair was run", () => {
    expect(checkLogCost(logCostOf([run(0, 0.2)], [run(3000, 0.2)], 0), 0.05).ok).toBe(false);
    expect(checkLogCost(logCostOf([], [], 0), 0.05).ok).toBe(false);
    expect(logCostOf([run(0, 0.2)], [run(0, 0.2)], 0).bytesPerRequest).toBe(0);
  });
});
