/**
 * SSR benchmark: the production build (sandbox upstream, warm cache) against a baseline that
 * serves the very same HTML from memory through the same compression middleware.
 *
 *   npm run bench                    # 10 s per page and side
 *   BENCH_DURATION=30 npm run bench  # longer runs
 *   BENCH_PROFILE=1 npm run bench    # also --cpu-prof the SSR server, print the top self time
 *
 * Writes bench/results.json; exits 1 when a budget on the home page is broken.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { startServer } from "./quality/server";
import { HEADERS, fetchIdentity, probe, rssMb, runLoad, startBaseline, warm } from "./bench/load";
import { findProfile, summarizeProfile } from "./bench/profile";
import { checkBudgets, failures, printTable, type PageResult } from "./bench/report";

const ROOT = join(import.meta.dirname, "..");
const OUT_DIR = join(ROOT, "bench");
const PROFILE_DIR = "bench/profiles"; // relative to ROOT, the server's working directory

const SSR_PORT = 4410;
const BASELINE_PORT = 4411;
const PAGES = [
  { name: "home", path: "/" },
  { name: "content", path: "/features" },
  { name: "pricing (de)", path: "/de/pricing" },
  { name: "blog post", path: "/blog/passkeys-explained" },
];
const BUDGET = { page: "/", minRatio: 0.6, maxP99Ms: 50 };

const settings = {
  connections: 50,
  duration: positiveNumber("BENCH_DURATION", 10),
  // The load generator runs in a worker thread so it never shares an event loop with the
  // in-process baseline server (which would cap the baseline, not the SSR server).
  workers: 1,
  warmupRequestsPerPage: 50,
  /** Seconds of unrecorded load on each server before the runs, so the JIT has settled. */
  warmupLoadSeconds: 3,
  headers: HEADERS,
  profile: process.env.BENCH_PROFILE === "1",
  ports: { ssr: SSR_PORT, baseline: BASELINE_PORT },
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

async function main(): Promise<number> {
  const loadBefore = os.loadavg();
  if (settings.profile) mkdirSync(join(ROOT, PROFILE_DIR), { recursive: true });
  console.log(`Starting the SSR server on :${SSR_PORT}${settings.profile ? " (--cpu-prof)" : ""}`);
  const ssr = await startServer(SSR_PORT, {
    nodeArgs: settings.profile ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  const results: PageResult[] = [];
  const errors: string[] = [];
  let rss: { before: number | null; after: number | null } = { before: null, after: null };
  try {
    console.log(
      `Warming up: ${settings.warmupRequestsPerPage} requests per page, then ${settings.warmupLoadSeconds} s of load`,
    );
    for (const page of PAGES) await warm(ssr.url, page.path, settings.warmupRequestsPerPage);

    const html = new Map<string, Buffer>();
    for (const page of PAGES) html.set(page.path, await fetchIdentity(ssr.url, page.path));
    baseline = await startBaseline(BASELINE_PORT, html);
    for (const page of PAGES) await warm(baseline.url, page.path, settings.warmupRequestsPerPage);

    // A short load that is not recorded: the first seconds under load compile and optimise the
    // hot path, and would otherwise land in the first page's tail latency.
    const warmLoad = {
      connections: settings.connections,
      duration: settings.warmupLoadSeconds,
      workers: settings.workers,
    };
    await runLoad(ssr.url + PAGES[0]!.path, warmLoad);
    await runLoad(baseline.url + PAGES[0]!.path, warmLoad);

    rss.before = rssMb(ssr.pid);
    for (const page of PAGES) {
      const [ssrProbe, staticProbe] = [
        await probe(ssr.url, page.path),
        await probe(baseline.url, page.path),
      ];
      if (ssrProbe.encoding !== staticProbe.encoding) {
        errors.push(
          `${page.path}: SSR sends ${ssrProbe.encoding}, baseline ${staticProbe.encoding}`,
        );
      }
      const run = {
        connections: settings.connections,
        duration: settings.duration,
        workers: settings.workers,
      };
      console.log(`${page.path}: SSR …`);
      const ssrFigures = await runLoad(ssr.url + page.path, run);
      console.log(`${page.path}: static …`);
      const staticFigures = await runLoad(baseline.url + page.path, run);
      errors.push(
        ...failures(`${page.path} SSR`, ssrFigures),
        ...failures(`${page.path} static`, staticFigures),
      );
      results.push({
        name: page.name,
        path: page.path,
        htmlBytes: html.get(page.path)?.length ?? 0,
        gzipBytes: { ssr: ssrProbe.wireBytes, static: staticProbe.wireBytes },
        ssr: ssrFigures,
        static: staticFigures,
        ratio:
          Math.round(
            (ssrFigures.requestsPerSec / Math.max(staticFigures.requestsPerSec, 1e-9)) * 1000,
          ) / 1000,
      });
    }
    rss = { ...rss, after: rssMb(ssr.pid) };
  } finally {
    await baseline?.close();
    await ssr.stop();
  }

  printTable(results, rss, settings);
  const budgets = checkBudgets(results, BUDGET, settings);
  const profile = settings.profile ? reportProfile(ssr.pid) : null;

  mkdirSync(OUT_DIR, { recursive: true });
  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? "unknown",
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      totalMemMb: Math.round(os.totalmem() / 1024 / 1024),
      // Other work on the machine skews the figures: 1/5/15-minute load averages.
      loadAvg: { before: loadBefore, after: os.loadavg() },
    },
    settings,
    budget: BUDGET,
    pages: results,
    ssrRssMb: rss,
    budgets,
    errors,
    profile,
  };
  writeFileSync(join(OUT_DIR, "results.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${join("bench", "results.json")}`);

  for (const message of errors) console.error(`FAIL ${message}`);
  return errors.length === 0 && budgets.every((b) => b.ok) ? 0 : 1;
}

function reportProfile(pid: number) {
  const file = findProfile(join(ROOT, PROFILE_DIR), pid);
  if (!file) {
    console.error(`No .cpuprofile for pid ${pid} in ${PROFILE_DIR}`);
    return null;
  }
  const summary = summarizeProfile(file, 15);
  const busy = summary.totalMs - summary.idleMs;
  console.log(`\nCPU profile ${file.slice(ROOT.length + 1)}`);
  console.log(
    `${Math.round(busy)} ms busy of ${Math.round(summary.totalMs)} ms; top 15 self time:`,
  );
  console.table(
    summary.top.map((r) => ({
      "self ms": r.selfMs,
      "% busy": r.busyPct,
      function: r.function,
      at: r.location,
    })),
  );
  console.log("Self time by area:");
  console.table(
    summary.areas.map((a) => ({ area: a.area, "self ms": a.selfMs, "% busy": a.busyPct })),
  );
  return summary;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
