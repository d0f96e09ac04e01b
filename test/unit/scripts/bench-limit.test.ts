import { describe, expect, it } from "vitest";
import { meanOf, type RunFigures } from "../../../scripts/bench/load";

function run(
  requestsPerSec: number,
  p99Ms: number,
  cpuMsPerRequest?: number | null,
): RunFigures & { cpuMs?: number | null } {
  const figures: RunFigures = {
    requestsPerSec,
    p50Ms: p99Ms / 2,
    p90Ms: p99Ms * 0.8,
    p99Ms,
    maxMs: p99Ms * 2,
    non2xx: 1,
    errors: 0,
    timeouts: 0,
    bytesPerSec: requestsPerSec * 1000,
    requests: requestsPerSec * 10,
    statusCodes: { "200": requestsPerSec * 10 - 1, "500": 1 },
  };
  if (cpuMsPerRequest === undefined) return figures;
  return {
    ...figures,
    cpuMs: cpuMsPerRequest === null ? null : cpuMsPerRequest * figures.requests,
  };
}

describe("the mean of runs taken in turn", () => {
  it("averages rates and latencies and adds the counts", () => {
    const mean = meanOf([run(3000, 30), run(4000, 40)]);
    expect(mean).toMatchObject({
      requestsPerSec: 3500,
      p99Ms: 35,
      p50Ms: 17.5,
      p90Ms: 28,
      maxMs: 80,
      non2xx: 2,
      requests: 70_000,
      bytesPerSec: 3_500_000,
      statusCodes: { "200": 69_998, "500": 2 },
    });
  });

  it("adds the runs' CPU time and divides it by all their requests", () => {
    const mean = meanOf([run(1000, 10, 1), run(3000, 10, 3)]) as RunFigures & {
      cpuMs: number | null;
      cpuMsPerRequest: number | null;
    };
    expect(mean.cpuMs).toBe(100_000);
    expect(mean.cpuMsPerRequest).toBe(2.5);
    const unknown = meanOf([run(1000, 10, 1), run(3000, 10, null)]);
    expect(unknown).toMatchObject({ cpuMs: null, cpuMsPerRequest: null });
    expect("cpuMsPerRequest" in meanOf([run(1000, 10)])).toBe(false);
  });

  it("refuses to average nothing", () => {
    expect(() => meanOf([])).toThrow("no runs");
  });
});
