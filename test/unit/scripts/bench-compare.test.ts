import { describe, expect, it } from "vitest";
import type { RunFigures } from "../../../scripts/bench/load";
import {
  checkBudgets,
  formatTable,
  tableRows,
  type PageResult,
  type SideResult,
} from "../../../scripts/bench/report";

/** A run's figures at `requestsPerSec`, 30 s of it. */
function figures(requestsPerSec: number, p99Ms: number): RunFigures {
  return {
    requestsPerSec,
    p50Ms: p99Ms / 2,
    p90Ms: p99Ms * 0.8,
    p99Ms,
    maxMs: p99Ms * 2,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytesPerSec: 0,
    requests: requestsPerSec * 30,
    statusCodes: { "<400": requestsPerSec * 30 },
  };
}

/** One build's row of a page at `requestsPerSec`, its rounds around it. */
function side(requestsPerSec: number, p99Ms: number): SideResult {
  return {
    ...figures(requestsPerSec, p99Ms),
    cpuMs: requestsPerSec * 30 * 5,
    cpuMsPerRequest: 5,
    runs: [requestsPerSec - 10, requestsPerSec + 10, requestsPerSec],
    rssMb: 250.5,
    gzipBytes: 20_480,
    htmlBytes: 100_000,
  };
}

function page(path: string, current: SideResult, baseline: SideResult): PageResult {
  return {
    name: path,
    path,
    current,
    baseline,
    limit: figures(20_000, 3),
    ratio: Number((current.requestsPerSec / baseline.requestsPerSec).toFixed(3)),
    limitRatio: Number((current.requestsPerSec / 20_000).toFixed(3)),
  };
}

describe("the bench's budgets against a baseline build", () => {
  const home = page("/", side(270, 110), side(180, 160));
  const checkout = page("/order/checkout?plan=102", side(190, 150), side(200, 140));

  it("holds the home page's p99 and each page's ratio to the baseline", () => {
    const checks = checkBudgets([home, checkout], { maxP99Ms: { "/": 120 }, minRatio: 1 });
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ["/ p99 ≤ 120 ms", true],
      ["/ current ÷ baseline ≥ 1", true],
      ["/order/checkout?plan=102 current ÷ baseline ≥ 1", false],
    ]);
    expect(checks[0]!.detail).toBe("110 ms (10 ms to spare)");
    expect(checks[1]!.detail).toBe("1.5 (270 against 180 req/s)");
    expect(checks[2]!.detail).toBe("0.95: short by 0.05 (190 against 200 req/s)");
  });

  it("takes the ratio it is given, and fails a page that was not measured", () => {
    const checks = checkBudgets([home], { maxP99Ms: { "/": 100, "/missing": 100 }, minRatio: 1.6 });
    expect(checks.map((c) => c.ok)).toEqual([false, false, false]);
    expect(checks[0]!.detail).toBe("110 ms: over by 10 ms (10 % over)");
    expect(checks[1]!.detail).toBe("not measured");
    expect(checks[2]!.detail).toBe("1.5: short by 0.1 (270 against 180 req/s)");
  });
});

describe("the bench's table", () => {
  it("prints each page's current, baseline and limit rows, ratios on the current one", () => {
    const rows = tableRows([page("/", side(270, 110), side(180, 160))], {
      current: "current abc1234",
      baseline: "baseline e179d16",
    });
    expect(rows.map((row) => [row.page, row.build, row["÷ baseline"], row["÷ limit"]])).toEqual([
      ["/", "current abc1234", 1.5, 0.013],
      ["", "baseline e179d16", "", ""],
      ["", "limit", "", ""],
    ]);
    expect(rows[0]).toMatchObject({ rounds: "260 280 270", "RSS MB": 250.5, "gzip KB": 20 });
  });

  it("pads the columns, numbers to the right", () => {
    expect(
      formatTable([
        { page: "/", "req/s": 270.5 },
        { page: "/order", "req/s": 9 },
      ]),
    ).toBe(["page    req/s", "------  -----", "/       270.5", "/order      9"].join("\n"));
    expect(formatTable([])).toBe("");
  });
});
