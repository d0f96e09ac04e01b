import type { RunFigures } from "./load";

/** Figures of one page: SSR against the in-memory baseline. */
export interface PageResult {
  name: string;
  path: string;
  htmlBytes: number;
  gzipBytes: { ssr: number; static: number };
  ssr: RunFigures;
  static: RunFigures;
  /** SSR requests/s ÷ static requests/s. */
  ratio: number;
}

export interface Budget {
  page: string;
  minRatio: number;
  maxP99Ms: number;
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

/** A message when a run saw anything but 2xx answers (non-2xx, socket errors, timeouts). */
export function failures(label: string, figures: RunFigures): string[] {
  const bad = figures.non2xx + figures.errors + figures.timeouts;
  if (bad === 0) return [];
  return [
    `${label}: ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts ` +
      `(status codes ${JSON.stringify(figures.statusCodes)})`,
  ];
}

export function printTable(
  results: PageResult[],
  rss: { before: number | null; after: number | null },
  settings: Settings,
): void {
  const rows = results.flatMap((r) =>
    (["ssr", "static"] as const).map((side) => ({
      page: side === "ssr" ? r.path : "",
      side: side === "ssr" ? "SSR" : "static",
      "req/s": r[side].requestsPerSec,
      "p50 ms": r[side].p50Ms,
      "p99 ms": r[side].p99Ms,
      "non-2xx": r[side].non2xx,
      "MB/s": round(r[side].bytesPerSec / 1024 / 1024, 2),
      "gzip KB": round(r.gzipBytes[side] / 1024, 1),
      "SSR÷static": side === "ssr" ? r.ratio : "",
    })),
  );
  console.log(`\n${settings.connections} connections, ${settings.duration} s per run`);
  console.table(rows);
  console.log(
    `SSR server RSS: ${rss.before ?? "?"} MB before the first run, ${rss.after ?? "?"} MB after the last`,
  );
}

/** Checks the home page budgets and prints which hold and by how much. */
export function checkBudgets(
  results: PageResult[],
  budget: Budget,
  settings: Settings,
): BudgetCheck[] {
  const page = results.find((r) => r.path === budget.page);
  if (!page) return [{ name: "page measured", ok: false, detail: `no figures for ${budget.page}` }];
  const ratioOk = page.ratio >= budget.minRatio;
  const p99 = page.ssr.p99Ms;
  const p99Ok = p99 <= budget.maxP99Ms;
  const checks: BudgetCheck[] = [
    {
      name: `${budget.page} SSR÷static ≥ ${budget.minRatio}`,
      ok: ratioOk,
      detail: ratioOk
        ? `${page.ratio} (${round(page.ratio - budget.minRatio, 3)} to spare)`
        : `${page.ratio}: short by ${round(budget.minRatio - page.ratio, 3)} ` +
          `(${round((1 - page.ratio / budget.minRatio) * 100, 1)} % below the budget)`,
    },
    {
      name: `${budget.page} SSR p99 ≤ ${budget.maxP99Ms} ms`,
      ok: p99Ok,
      detail: p99Ok
        ? `${p99} ms (${round(budget.maxP99Ms - p99, 2)} ms to spare)`
        : `${p99} ms: over by ${round(p99 - budget.maxP99Ms, 2)} ms ` +
          `(${round((p99 / budget.maxP99Ms - 1) * 100, 1)} % over)`,
    },
  ];
  console.log(`\nBudgets (${budget.page}, ${settings.connections} connections):`);
  for (const c of checks) console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
  if (settings.profile) console.log("  (measured under --cpu-prof, which slows the SSR server)");
  return checks;
}
