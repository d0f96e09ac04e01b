import type { RunFigures } from "./load";

/** Figures of one run against a site's server, with the server's CPU time per answered request. */
export interface SsrFigures extends RunFigures {
  /** CPU time (all threads, 10 ms resolution) of the server process ÷ requests; null if unknown. */
  cpuMsPerRequest: number | null;
  /** The server process's CPU time over the whole run, in ms; null if unknown. */
  cpuMs: number | null;
}

/** One build's row of a page: the mean of its rounds, and what its server looked like after. */
export interface SideResult extends SsrFigures {
  /** requests/s of each round, in the order they were taken. */
  runs: number[];
  /** Resident set size of the server once its last round was done, in MB. */
  rssMb: number | null;
  /** The page's size on the wire with the bench's headers (gzip), and uncompressed. */
  gzipBytes: number;
  htmlBytes: number;
}

/** A page rendered by the current build and by the baseline build, each on its own server. */
export interface PageResult {
  name: string;
  path: string;
  current: SideResult;
  baseline: SideResult;
  /** The physical limit: the current build's page gzipped once, served from memory. */
  limit: RunFigures | null;
  /** current requests/s ÷ baseline requests/s, each the mean of its rounds (taken in turn). */
  ratio: number;
  /** current requests/s ÷ the limit's. */
  limitRatio: number | null;
}

export interface Budgets {
  /** The current build's p99 on these pages, at most this many ms. */
  maxP99Ms: Record<string, number>;
  /** current ÷ baseline on every page, at least this. */
  minRatio: number;
}

export interface BudgetCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** requests/s of `side` ÷ requests/s of `baseline`, to three decimals. */
export function ratioOf(side: RunFigures, baseline: RunFigures): number {
  return round(side.requestsPerSec / Math.max(baseline.requestsPerSec, 1e-9), 3);
}

/** A message when a run saw anything but 2xx answers (non-2xx, socket errors, timeouts). */
export function failures(label: string, figures: RunFigures): string[] {
  const bad = figures.non2xx + figures.errors + figures.timeouts;
  if (bad === 0) return [];
  return [
    `${label}: ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts ` +
      `(status codes ${JSON.stringify(figures.statusCodes)})`,
  ];
}

/** Rows of strings as a plain table: a header, a rule, columns padded (numbers to the right). */
export function formatTable(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]!);
  const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => text(row[column]).length)),
  );
  const numeric = columns.map((column) =>
    rows.every((row) => row[column] === "" || typeof row[column] === "number"),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [
    line(columns),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(columns.map((column) => text(row[column])))),
  ].join("\n");
}

/** The labels of the two builds' rows, e.g. `current 5628ee6+` and `baseline e179d16`. */
export interface Labels {
  current: string;
  baseline: string;
}

type TableRow = Record<string, string | number>;

/** Each page's rows: the current build, the baseline build, the limit; ratios on the first. */
export function tableRows(results: PageResult[], labels: Labels): TableRow[] {
  const row = (
    page: string,
    build: string,
    figures: RunFigures,
    side?: SideResult,
    ratios: { baseline: number; limit: number | null } | null = null,
  ): TableRow => ({
    page,
    build,
    "req/s": figures.requestsPerSec,
    rounds: side ? side.runs.map((rps) => Math.round(rps)).join(" ") : "",
    "p50 ms": figures.p50Ms,
    "p99 ms": figures.p99Ms,
    "CPU ms/req": side?.cpuMsPerRequest ?? "",
    "RSS MB": side?.rssMb ?? "",
    "gzip KB": side ? round(side.gzipBytes / 1024, 1) : "",
    "÷ baseline": ratios?.baseline ?? "",
    "÷ limit": ratios?.limit ?? "",
  });
  return results.flatMap((r) => [
    row(r.path, labels.current, r.current, r.current, { baseline: r.ratio, limit: r.limitRatio }),
    row("", labels.baseline, r.baseline, r.baseline),
    ...(r.limit ? [row("", "limit", r.limit)] : []),
  ]);
}

/** The budgets, each with what it read and by how much it holds or breaks. */
export function checkBudgets(results: PageResult[], budgets: Budgets): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const [path, maxMs] of Object.entries(budgets.maxP99Ms)) {
    const page = results.find((r) => r.path === path);
    const name = `${path} p99 ≤ ${maxMs} ms`;
    if (!page) {
      checks.push({ name, ok: false, detail: "not measured" });
      continue;
    }
    const p99 = page.current.p99Ms;
    const ok = p99 <= maxMs;
    checks.push({
      name,
      ok,
      detail: ok
        ? `${p99} ms (${round(maxMs - p99, 2)} ms to spare)`
        : `${p99} ms: over by ${round(p99 - maxMs, 2)} ms (${round((p99 / maxMs - 1) * 100, 1)} % over)`,
    });
  }
  for (const page of results) {
    const name = `${page.path} current ÷ baseline ≥ ${budgets.minRatio}`;
    const ok = page.ratio >= budgets.minRatio;
    const rates = `${page.current.requestsPerSec} against ${page.baseline.requestsPerSec} req/s`;
    checks.push({
      name,
      ok,
      detail: ok
        ? `${page.ratio} (${rates})`
        : `${page.ratio}: short by ${round(budgets.minRatio - page.ratio, 3)} (${rates})`,
    });
  }
  return checks;
}

/**
 * The request log's cost: the home page at LOG_LEVEL=info against the same at warn, in
 * pairs of runs taken at the same time on one CPU. Each pair gives the share of throughput the
 * log takes; the cost is the median over the pairs, so a run the machine disturbed does not
 * decide it. The server's CPU time per request is recorded too.
 */
export interface LogCost {
  /** Median over the pairs of 1 − info req/s ÷ warn req/s (≤ 0: no cost seen). The budget. */
  cost: number;
  /** Median over the pairs of 1 − warn CPU ÷ info CPU per request: the log's share of the CPU. */
  cpuCost: number;
  /** Mean requests/s and CPU ms per request (all runs) at each level, for the record. */
  infoRps: number;
  warnRps: number;
  infoCpuMs: number | null;
  warnCpuMs: number | null;
  /** Log bytes the info server wrote per answered request. */
  bytesPerRequest: number;
  runs: { info: RunCost[]; warn: RunCost[] };
}

export interface RunCost {
  requestsPerSec: number;
  cpuMsPerRequest: number | null;
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** CPU ms per request over several runs (the sum of CPU over the sum of requests). */
function cpuPerRequest(runs: SsrFigures[]): number | null {
  let cpu = 0;
  let requests = 0;
  for (const run of runs) {
    if (run.cpuMs === null) return null;
    cpu += run.cpuMs;
    requests += run.requests;
  }
  return requests === 0 ? null : cpu / requests;
}

/** `info[i]` and `warn[i]` are the runs of pair i. */
export function logCostOf(info: SsrFigures[], warn: SsrFigures[], infoLogBytes: number): LogCost {
  const pairs = info.flatMap((run, i) => (warn[i] ? [[run, warn[i]] as const] : []));
  const shares = pairs.map(([i, w]) => 1 - i.requestsPerSec / Math.max(w.requestsPerSec, 1e-9));
  const cpuShares = pairs.map(([i, w]) => {
    const infoCpu = cpuPerRequest([i]);
    const warnCpu = cpuPerRequest([w]);
    return infoCpu === null || warnCpu === null || infoCpu === 0 ? null : 1 - warnCpu / infoCpu;
  });
  const meanRps = (runs: SsrFigures[]) =>
    runs.reduce((sum, run) => sum + run.requestsPerSec, 0) / Math.max(runs.length, 1);
  const requests = info.reduce((sum, run) => sum + run.requests, 0);
  const rounded = (n: number | null, digits: number) => (n === null ? null : round(n, digits));
  const perRun = (run: SsrFigures): RunCost => ({
    requestsPerSec: round(run.requestsPerSec, 1),
    cpuMsPerRequest: rounded(cpuPerRequest([run]), 4),
  });
  return {
    // No pair, or a pair with nothing answered, cannot pass the budget: NaN compares false.
    cost: pairs.some(([i, w]) => i.requests === 0 || w.requests === 0)
      ? Number.NaN
      : round(median(shares), 3),
    cpuCost: cpuShares.includes(null) ? Number.NaN : round(median(cpuShares as number[]), 3),
    infoRps: round(meanRps(info), 1),
    warnRps: round(meanRps(warn), 1),
    infoCpuMs: rounded(cpuPerRequest(info), 4),
    warnCpuMs: rounded(cpuPerRequest(warn), 4),
    bytesPerRequest: requests === 0 ? 0 : round(infoLogBytes / requests, 1),
    runs: { info: info.map(perRun), warn: warn.map(perRun) },
  };
}

/** The log-cost budget: the request log at `info` may take at most `maxCost` of the throughput. */
export function checkLogCost(cost: LogCost, maxCost: number): BudgetCheck {
  const list = (runs: RunCost[], key: keyof RunCost) =>
    runs.map((run) => run[key] ?? "?").join(", ");
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  return {
    name: `request log at info ≤ ${Math.round(maxCost * 100)} % of the home page's throughput`,
    ok: cost.cost <= maxCost,
    detail:
      `${percent(cost.cost)} of the throughput, median of ${cost.runs.info.length} pairs of runs ` +
      `(req/s info ${list(cost.runs.info, "requestsPerSec")}; ` +
      `warn ${list(cost.runs.warn, "requestsPerSec")}); ` +
      `${percent(cost.cpuCost)} of the server's CPU per request ` +
      `(info ${cost.infoCpuMs ?? "?"} ms, warn ${cost.warnCpuMs ?? "?"} ms); ` +
      `${cost.bytesPerRequest} log bytes per request`,
  };
}
