import type { RunFigures } from "./load";

/** The two ways the site answers: replayed from the page cache, or rendered for every request. */
export type Row = "cached" | "render";

/** Figures of one run against the site, with the server's CPU time per answered request. */
export interface SsrFigures extends RunFigures {
  /** CPU time (all threads, 10 ms resolution) of the server process ÷ requests; null if unknown. */
  cpuMsPerRequest: number | null;
  /** The server process's CPU time over the whole run, in ms; null if unknown. */
  cpuMs: number | null;
}

/** Figures of one page: the site (page cache on, and off) against the in-memory baseline. */
export interface PageResult {
  name: string;
  path: string;
  htmlBytes: number;
  gzipBytes: { ssr: number; render: number | null; static: number };
  /** The site as deployed: anonymous pages come from the page cache. */
  ssr: SsrFigures;
  /** The site with the page cache off (`HTML_CACHE_TTL_SECONDS=0`): every request is rendered. */
  render: SsrFigures | null;
  static: RunFigures;
  /** The physical limit: the page gzipped once, served from memory in a process of its own. */
  limit: RunFigures;
  /** SSR requests/s ÷ static requests/s. */
  ratio: number;
  /** Rendered requests/s ÷ the same static requests/s. */
  renderRatio: number | null;
  /** SSR (page cache on) requests/s ÷ the limit's, each the mean of runs taken in turn. */
  limitRatio: number;
  /** Rendered requests/s ÷ the limit's (the limit's runs taken in turn with the renders). */
  renderLimitRatio: number | null;
  /** requests/s of each run behind the means above. */
  runs: { ssr: number[]; limit: number[]; render: number[]; limitWithRender: number[] };
}

export interface Budget {
  page: string;
  row: Row;
  minRatio: number;
  maxP99Ms: number;
  /** What the ratio is taken against: the in-memory baseline (default) or the physical limit. */
  basis?: "static" | "limit";
  /** Also at least this many requests/s on this machine (a target set in absolute terms). */
  minRps?: number;
}

export interface BudgetCheck {
  name: string;
  ok: boolean;
  detail: string;
}

interface Settings {
  connections: number;
  duration: number;
  profile: boolean;
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

const SIDES = [
  { key: "ssr", label: "SSR (cache)" },
  { key: "render", label: "SSR (render)" },
  { key: "static", label: "static" },
  { key: "limit", label: "limit" },
] as const;

export function printTable(
  results: PageResult[],
  rss: Record<Row, { before: number | null; after: number | null }>,
  settings: Settings,
): void {
  const rows = results.flatMap((r) =>
    SIDES.flatMap(({ key, label }, i) => {
      const figures = r[key];
      if (!figures) return [];
      const cpu = "cpuMsPerRequest" in figures ? figures.cpuMsPerRequest : null;
      const ratio = key === "ssr" ? r.ratio : key === "render" ? r.renderRatio : null;
      const limitRatio =
        key === "ssr" ? r.limitRatio : key === "render" ? r.renderLimitRatio : null;
      return [
        {
          page: i === 0 ? r.path : "",
          side: label,
          "req/s": figures.requestsPerSec,
          "p50 ms": figures.p50Ms,
          "p99 ms": figures.p99Ms,
          "non-2xx": figures.non2xx,
          "MB/s": round(figures.bytesPerSec / 1024 / 1024, 2),
          "gzip KB": key === "limit" ? "" : round((r.gzipBytes[key] ?? 0) / 1024, 1),
          "CPU ms/req": cpu ?? "",
          "÷static": ratio ?? "",
          "÷limit": limitRatio ?? "",
        },
      ];
    }),
  );
  console.log(`\n${settings.connections} connections, ${settings.duration} s per run`);
  console.table(rows);
  const mb = (row: Row) => `${rss[row].before ?? "?"} → ${rss[row].after ?? "?"} MB`;
  console.log(`SSR server RSS (first run → last): cache ${mb("cached")}, render ${mb("render")}`);
}

/** Checks each budget and prints which hold and by how much. */
export function checkBudgets(
  results: PageResult[],
  budgets: Budget[],
  settings: Settings,
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const budget of budgets) {
    const page = results.find((r) => r.path === budget.page);
    const figures = budget.row === "cached" ? page?.ssr : page?.render;
    const limit = budget.basis === "limit";
    const ratio =
      budget.row === "cached"
        ? limit
          ? page?.limitRatio
          : page?.ratio
        : limit
          ? page?.renderLimitRatio
          : page?.renderRatio;
    const label = `${budget.page} ${budget.row === "cached" ? "SSR" : "render"}`;
    if (!figures || ratio === undefined || ratio === null) {
      checks.push({ name: `${label} measured`, ok: false, detail: "no figures" });
      continue;
    }
    const ratioOk = ratio >= budget.minRatio;
    const p99 = figures.p99Ms;
    const p99Ok = p99 <= budget.maxP99Ms;
    checks.push(
      {
        name: `${label}÷${limit ? "limit" : "static"} ≥ ${budget.minRatio}`,
        ok: ratioOk,
        detail: ratioOk
          ? `${ratio} (${round(ratio - budget.minRatio, 3)} to spare)`
          : `${ratio}: short by ${round(budget.minRatio - ratio, 3)} ` +
            `(${round((1 - ratio / budget.minRatio) * 100, 1)} % below the budget)`,
      },
      {
        name: `${label} p99 ≤ ${budget.maxP99Ms} ms`,
        ok: p99Ok,
        detail: p99Ok
          ? `${p99} ms (${round(budget.maxP99Ms - p99, 2)} ms to spare)`
          : `${p99} ms: over by ${round(p99 - budget.maxP99Ms, 2)} ms ` +
            `(${round((p99 / budget.maxP99Ms - 1) * 100, 1)} % over)`,
      },
    );
  }
  for (const budget of budgets) {
    if (budget.minRps === undefined) continue;
    const page = results.find((r) => r.path === budget.page);
    const figures = budget.row === "cached" ? page?.ssr : page?.render;
    const rps = figures?.requestsPerSec ?? 0;
    checks.push({
      name: `${budget.page} ${budget.row === "cached" ? "SSR" : "render"} ≥ ${budget.minRps} req/s`,
      ok: rps >= budget.minRps,
      detail: `${rps} req/s`,
    });
  }
  console.log(`\nBudgets (${settings.connections} connections):`);
  for (const c of checks) console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
  if (settings.profile) console.log("  (measured under --cpu-prof, which slows the SSR servers)");
  return checks;
}

/**
 * The request log's cost: the cached home page at LOG_LEVEL=info against the same at warn, in
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
    name: `request log at info ≤ ${Math.round(maxCost * 100)} % of the cached home page`,
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
