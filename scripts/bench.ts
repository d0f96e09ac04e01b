/**
 * SSR benchmark: the production build (sandbox upstream, warm cache) against two baselines that
 * serve the very same HTML from memory: "static" through the same compression middleware, and
 * the physical limit — each page gzipped once, served by plain node:http in a process of its own
 * (bench/limit-server.ts). Each page is measured with the page cache on (as deployed) and, on a
 * second server started with `HTML_CACHE_TTL_SECONDS=0`, with every request rendered; each SSR
 * run is taken in turn with a limit run. The load comes from Debian's wrk (installed with apt-get
 * when missing), which keeps up with the limit server where autocannon could not; wrk prints its
 * figures as one JSON line (bench/report.lua).
 *
 *   npm run bench                    # 10 s per page and side
 *   BENCH_DURATION=30 npm run bench  # longer runs
 *   BENCH_PROFILE=1 npm run bench    # also --cpu-prof both SSR servers, print the top self time
 *   BENCH_ONLY=log npm run bench     # only the request log's price (step 3)
 *   BENCH_ONLY=shared npm run bench  # only the page kept by a shared cache (step 1b)
 *
 * Step 1b puts Debian's nginx in front of the cached server (test/support/shared-cache.ts: a cache
 * that honours the site's headers and nothing else) and loads the home page kept there against the
 * same nginx serving the same bytes and headers from a file (budget MIN_SHARED_CACHE_RATIO).
 *
 * A third step prices the request log: LOG_SERVER_PAIRS pairs of fresh servers with the page
 * cache on, one after the other, in each one at LOG_LEVEL=info (as deployed) and one at warn (no
 * request lines), each writing its standard output into a pipe that a process of its own reads,
 * as a container runtime does; the servers pinned to CPU 0, wrk and the readers beside them. The cached home page is loaded on a pair's two servers at once, LOG_RUNS_PER_PAIR
 * times, and the log may take at most MAX_LOG_COST of the throughput (the median over all runs;
 * the server's CPU time per request at each level is recorded beside it).
 *
 * Writes bench/results.json (bench/results-log.json for BENCH_ONLY=log); exits 1 when a budget
 * (home page, checkout, the log) is broken.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "./quality/server";
import { startSharedCache } from "../test/support/shared-cache";
import {
  HEADERS,
  cpuMs,
  ensureWrk,
  fetchIdentity,
  meanOf,
  probe,
  rssMb,
  runLoad,
  runLoadTogether,
  startBaseline,
  startLimitServer,
  warm,
  type RunFigures,
} from "./bench/load";
import { cpusBesideFirst, pinProcess } from "./bench/affinity";
import { findProfile, summarizeProfile } from "./bench/profile";
import {
  checkBudgets,
  checkLogCost,
  failures,
  logCostOf,
  type LogCost,
  printTable,
  ratioOf,
  type Budget,
  type PageResult,
  type Row,
  type SsrFigures,
} from "./bench/report";

const ROOT = join(import.meta.dirname, "..");
const OUT_DIR = join(ROOT, "bench");
const PROFILE_DIR = "bench/profiles"; // relative to ROOT, the server's working directory

/**
 * `BENCH_PORT` moves the servers off 4410–4414: SSR, baseline, limit (+4); each of the log's
 * pairs (+2, +3) starts once those have stopped.
 */
const SSR_PORT = Number(process.env.BENCH_PORT ?? 4410);
const BASELINE_PORT = SSR_PORT + 1;
/** The physical-limit server (a process of its own), after a log pair's two ports. */
const LIMIT_PORT = SSR_PORT + 4;
/** Runs of each side against the limit, taken in turn and averaged. */
const LIMIT_RUNS = 2;
/** `render`: also measured with the page cache off. */
const PAGES = [
  { name: "home", path: "/", render: true },
  { name: "content", path: "/features", render: true },
  { name: "pricing (de)", path: "/de/pricing", render: true },
  { name: "blog post", path: "/blog/passkeys-explained", render: true },
  // Private (never in the page cache): its "cached" row is a render too.
  { name: "checkout", path: "/order/checkout?plan=102", render: false },
];
const BUDGETS: Budget[] = [
  // As deployed: anonymous visitors are mostly served from the page cache.
  { page: "/", row: "cached", minRatio: 0.6, maxP99Ms: 50 },
  // Every page-cache miss (searches, signed-in visitors, the first visit after a deploy), and
  // issue 28's target for it: twice the rate of 2026-11-26 (135–171 req/s), not met yet
  // (decision 026).
  { page: "/", row: "render", minRatio: 0.1, maxP99Ms: 250, minRps: 300 },
  // A buyer's page: always rendered (private), with a price lookup (cached upstream answer).
  // Set from the first measurement (0.087, p99 277 ms on 2026-11-22; decision 007): it guards
  // against regressions; the home page's render budget is the goal.
  { page: "/order/checkout?plan=102", row: "cached", minRatio: 0.07, maxP99Ms: 350 },
  // Against the physical limit (issue 28's target, not met yet: decision 026): the cached home
  // page at 0.6 of a precompressed static server in a process of its own, p99 ≤ 30 ms.
  { page: "/", row: "cached", minRatio: 0.6, maxP99Ms: 30, basis: "limit" },
];

/**
 * The request log at `info` against `warn`: LOG_RUNS_PER_PAIR runs of the cached home page on
 * both servers of each of LOG_SERVER_PAIRS pairs at once; the cost is the median over the runs,
 * so neither one run disturbed by the machine nor one process that compiled its hot path badly
 * decides it (two processes of one build differ by up to ±4 %, decision 025).
 */
const LOG_SERVER_PAIRS = 8;
const LOG_RUNS_PER_PAIR = 2;
const LOG_RUN_SECONDS = 4;
/** A pair's warm-up under load, both servers at once. */
const LOG_WARMUP_SECONDS = 6;
/**
 * pino's own line and asynchronous destination: 15.7–17.8 % on a quiet machine, of which the
 * line's making alone is 11.6 % (decision 025, revision "the request log's price"). The budget
 * keeps that choice from growing: a line written per request unbatched read 29 %.
 */
const MAX_LOG_COST = 0.2;

const settings = {
  connections: 50,
  duration: positiveNumber("BENCH_DURATION", 10),
  warmupRequestsPerPage: 50,
  /**
   * Seconds of unrecorded load on each server before the runs, so the JIT has settled and the
   * heap has grown to its working size. 3 s was too short on a 2-core machine: two 8-s runs of
   * the home page's render straight after it gave p99 547 and then 283 ms at the same CPU cost.
   */
  warmupLoadSeconds: 10,
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

type Server = Awaited<ReturnType<typeof startServer>>;
type Page = (typeof PAGES)[number];

const runOptions = () => ({
  connections: settings.connections,
  duration: settings.duration,
});

function startSsr(row: Row): Promise<Server> {
  const mode = row === "cached" ? "page cache on" : "page cache off";
  console.log(
    `Starting the SSR server on :${SSR_PORT} (${mode}, LOG_LEVEL=info)${settings.profile ? " (--cpu-prof)" : ""}`,
  );
  // As deployed: the request log at info, its lines read from a pipe as a container runtime does.
  return startServer(SSR_PORT, {
    env: { LOG_LEVEL: "info", ...(row === "render" ? { HTML_CACHE_TTL_SECONDS: "0" } : {}) },
    nodeArgs: settings.profile ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    stdout: "drain",
  });
}

/** Warm-up requests on every page, then a short load that is not recorded. */
async function warmUp(url: string, pages: Page[]): Promise<void> {
  for (const page of pages) await warm(url, page.path, settings.warmupRequestsPerPage);
  // The first seconds under load compile and optimise the hot path, and would otherwise land in
  // the first page's tail latency.
  await runLoad(url + pages[0]!.path, { ...runOptions(), duration: settings.warmupLoadSeconds });
}

/**
 * The cached home page at LOG_LEVEL=info and at warn, on two servers loaded at the same time and
 * pinned to the same CPU (the load generator on the others): both get the same share of one core
 * under the same disturbances of the machine, so what each answers in a run is the inverse of
 * what a request costs it. Runs taken one after the other differ by up to 40 % here, which no
 * number of pairs averages away (decision 025).
 *
 * Two processes of the same build, though, differ by a few percent for as long as they live
 * (what their compilers inlined, where their memory lies): with two pairs of servers, one pair
 * read 11 % and the other 3.6 % in the same run. So the runs come from LOG_SERVER_PAIRS pairs of
 * fresh servers, one pair at a time: in every other pair the warn server is started (and warmed)
 * first, and in every other run of a pair the warn server's wrk is started first (two servers at
 * one level measured this way differed by 1–2 % in favour of the one started second).
 */
async function measureLogCost(): Promise<{ cost: LogCost; errors: string[]; pinned: boolean }> {
  const errors: string[] = [];
  const beside = cpusBesideFirst();
  let pinned = beside !== null;
  const runs: Record<"info" | "warn", SsrFigures[]> = { info: [], warn: [] };
  let infoBytes = 0;
  let pair: Partial<Record<"info" | "warn", Server>> = {};
  try {
    for (let p = 0; p < LOG_SERVER_PAIRS; p++) {
      const startOrder = p % 2 === 0 ? (["info", "warn"] as const) : (["warn", "info"] as const);
      pair = {};
      for (const [i, level] of startOrder.entries()) {
        const port = SSR_PORT + 2 + i;
        const server = await startServer(port, { env: { LOG_LEVEL: level }, stdout: "drain" });
        pair[level] = server;
        pinned &&=
          pinProcess(server.pid, "0") &&
          (server.drainPid === null || pinProcess(server.drainPid, beside!));
      }
      const { info, warn } = pair as Record<"info" | "warn", Server>;
      console.log(
        `/ at LOG_LEVEL=info and warn together: servers ${p + 1} of ${LOG_SERVER_PAIRS} (${startOrder.join(" first, ")}) …`,
      );
      for (const server of startOrder.map((level) => pair[level]!)) {
        await warm(server.url, PAGES[0]!.path, settings.warmupRequestsPerPage);
      }
      const load = {
        connections: Math.ceil(settings.connections / 2),
        cpus: pinned ? beside : null,
      };
      await runLoadTogether([info.url + PAGES[0]!.path, warn.url + PAGES[0]!.path], {
        ...load,
        duration: LOG_WARMUP_SECONDS,
      });
      const infoBytesBefore = await info.stdoutBytes();
      for (let r = 0; r < LOG_RUNS_PER_PAIR; r++) {
        // One wrk process per server, started in this order: every other run the warn server's
        // goes first.
        const order = r % 2 === 0 ? (["info", "warn"] as const) : (["warn", "info"] as const);
        const sides = order.map((level) => pair[level]!);
        const cpuBefore = sides.map((server) => cpuMs(server.pid));
        const figures = await runLoadTogether(
          sides.map((server) => server.url + PAGES[0]!.path),
          { ...load, duration: LOG_RUN_SECONDS },
        );
        const cpuAfter = sides.map((server) => cpuMs(server.pid));
        order.forEach((level, side) => {
          const run = figures[side]!;
          const before = cpuBefore[side]!;
          const after = cpuAfter[side]!;
          const cpu = before === null || after === null ? null : after - before;
          errors.push(...failures(`/ at LOG_LEVEL=${level}`, run));
          runs[level].push({
            ...run,
            cpuMs: cpu,
            cpuMsPerRequest:
              cpu === null || run.requests === 0
                ? null
                : Math.round((cpu / run.requests) * 100) / 100,
          });
        });
      }
      await info.stop();
      infoBytes += (await info.stdoutBytes()) - infoBytesBefore;
      await warn.stop();
    }
    console.log(
      pinned
        ? `The servers were on CPU 0, wrk and the log readers on CPU ${beside}`
        : "Servers not pinned (one CPU, or no taskset): the runs shared the machine as they could",
    );
    return { cost: logCostOf(runs.info, runs.warn, infoBytes), errors, pinned };
  } finally {
    await Promise.all(Object.values(pair).map((server) => server.stop()));
  }
}

/** Headers nginx writes itself, or that belong to one answer. */
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-type",
  "content-encoding",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-request-id",
  "x-page-cache",
]);

/**
 * A kept page through a shared cache may be this much slower than the cache serving a file: nginx
 * reads and parses a hit's stored headers, a file's it has in its configuration (decision 028).
 */
const MIN_SHARED_CACHE_RATIO = 0.8;

export interface SharedCacheResult {
  cache: RunFigures;
  file: RunFigures;
  ratio: number;
}

/**
 * The home page as a CDN or proxy serves it once kept: Debian's nginx in front of the site, with
 * nothing but the site's headers to go by (test/support/shared-cache.ts), against the same nginx
 * serving the same gzip bytes from a file. Taken in turn, LIMIT_RUNS each; the site is not asked
 * after the first request (every run a HIT, checked).
 */
async function measureSharedCache(server: Server, errors: string[]): Promise<SharedCacheResult> {
  const html = await fetchIdentity(server.url, "/");
  // The file goes out with the page's own headers: the same bytes on the wire, headers and all.
  const page = await fetch(`${server.url}/`, { headers: HEADERS });
  await page.arrayBuffer();
  const headers: Record<string, string> = {};
  page.headers.forEach((value, name) => {
    if (!PER_ANSWER_HEADERS.has(name) && !/["$]/.test(value)) headers[name] = value;
  });
  const cache = await startSharedCache({
    upstream: server.url,
    files: {
      "/__file/home": {
        body: gzipSync(html, { level: 9 }),
        contentType: page.headers.get("content-type") ?? "text/html; charset=utf-8",
        contentEncoding: "gzip",
        headers,
      },
    },
  });
  try {
    // Warmed by the load generator itself: its request is the variant the cache keeps first
    // (fetch would add `Accept-Language: *`, another variant of a page that varies on it).
    await runLoad(`${cache.url}/`, { connections: 1, duration: 1 });
    await runLoad(`${cache.url}/__file/home`, { connections: 1, duration: 1 });
    const logged = cache.accessLog().length;
    const cacheRuns: RunFigures[] = [];
    const fileRuns: RunFigures[] = [];
    for (let i = 0; i < LIMIT_RUNS; i++) {
      console.log(`/: through the shared cache (${i + 1} of ${LIMIT_RUNS}) …`);
      cacheRuns.push(await runLoad(`${cache.url}/`, runOptions()));
      console.log(`/: the shared cache's file (${i + 1} of ${LIMIT_RUNS}) …`);
      fileRuns.push(await runLoad(`${cache.url}/__file/home`, runOptions()));
    }
    const misses = cache
      .accessLog()
      .slice(logged)
      .filter((entry) => entry.uri === "/" && entry.cache !== "HIT");
    if (misses.length > 0) {
      errors.push(
        `shared cache: ${misses.length} answers of / under load were no HIT: ${JSON.stringify(misses[0])}`,
      );
    }
    const [cacheFigures, fileFigures] = [meanOf(cacheRuns), meanOf(fileRuns)];
    errors.push(
      ...failures("/ through the shared cache", cacheFigures),
      ...failures("/ shared cache file", fileFigures),
    );
    return {
      cache: cacheFigures,
      file: fileFigures,
      ratio: ratioOf(cacheFigures, fileFigures),
    };
  } finally {
    await cache.stop();
  }
}

function sharedCacheCheck(result: SharedCacheResult) {
  const ok = result.ratio >= MIN_SHARED_CACHE_RATIO;
  const { cache, file } = result;
  return {
    ok,
    name: `/ kept by a shared cache ÷ the same cache serving a file ≥ ${MIN_SHARED_CACHE_RATIO}`,
    detail:
      `${result.ratio} (${cache.requestsPerSec} against ${file.requestsPerSec} req/s; ` +
      `p99 ${cache.p99Ms} and ${file.p99Ms} ms)`,
  };
}

/** LIMIT_RUNS runs of `path` on an SSR server, each followed by one on the limit server. */
async function inTurnWithLimit(
  server: Server,
  limit: { url: string },
  path: string,
  label: string,
): Promise<{ runs: SsrFigures[]; limitRuns: RunFigures[] }> {
  const runs: SsrFigures[] = [];
  const limitRuns: RunFigures[] = [];
  for (let i = 0; i < LIMIT_RUNS; i++) {
    console.log(`${path}: ${label} (${i + 1} of ${LIMIT_RUNS}) …`);
    runs.push(await runSsr(server, path));
    console.log(`${path}: limit (${i + 1} of ${LIMIT_RUNS}) …`);
    limitRuns.push(await runLoad(limit.url + path, runOptions()));
  }
  return { runs, limitRuns };
}

/** One recorded run against an SSR server, with its CPU time per request. */
async function runSsr(
  server: Server,
  path: string,
  duration = settings.duration,
): Promise<SsrFigures> {
  const before = cpuMs(server.pid);
  const figures = await runLoad(server.url + path, { ...runOptions(), duration });
  const after = cpuMs(server.pid);
  const cpuMsPerRequest =
    before === null || after === null || figures.requests === 0
      ? null
      : Math.round(((after - before) / figures.requests) * 100) / 100;
  return {
    ...figures,
    cpuMsPerRequest,
    cpuMs: before === null || after === null ? null : after - before,
  };
}

/** `BENCH_ONLY=shared`: the shared-cache row alone (step 1b), printed, nothing written. */
async function sharedOnly(): Promise<number> {
  ensureWrk();
  const server = await startSsr("cached");
  const errors: string[] = [];
  try {
    await warmUp(server.url, PAGES.slice(0, 1));
    const check = sharedCacheCheck(await measureSharedCache(server, errors));
    console.log(`  ${check.ok ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
    for (const message of errors) console.error(`FAIL ${message}`);
    return check.ok && errors.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<number> {
  const logOnly = process.env.BENCH_ONLY === "log";
  if (process.env.BENCH_ONLY === "shared") return sharedOnly();
  ensureWrk();
  const loadBefore = os.loadavg();
  if (settings.profile) mkdirSync(join(ROOT, PROFILE_DIR), { recursive: true });
  const pids: Record<Row, number | null> = { cached: null, render: null };
  const rss: Record<Row, { before: number | null; after: number | null }> = {
    cached: { before: null, after: null },
    render: { before: null, after: null },
  };
  const results: PageResult[] = [];
  const errors: string[] = [];
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  let limit: Awaited<ReturnType<typeof startLimitServer>> | undefined;
  let ssr: Server | undefined;
  let shared: SharedCacheResult | undefined;
  // 1 and 2: the pages, unless only the log is priced.
  if (!logOnly) {
    try {
      // 1. The site as deployed, against the baseline.
      ssr = await startSsr("cached");
      pids.cached = ssr.pid;
      console.log(
        `Warming up: ${settings.warmupRequestsPerPage} requests per page, then ${settings.warmupLoadSeconds} s of load`,
      );
      for (const page of PAGES) await warm(ssr.url, page.path, settings.warmupRequestsPerPage);
      const html = new Map<string, Buffer>();
      for (const page of PAGES) html.set(page.path, await fetchIdentity(ssr.url, page.path));
      baseline = await startBaseline(BASELINE_PORT, html);
      limit = await startLimitServer(LIMIT_PORT, html);
      await warmUp(ssr.url, PAGES);
      await warmUp(baseline.url, PAGES);
      await warmUp(limit.url, PAGES);

      rss.cached.before = rssMb(ssr.pid);
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
        const { runs: ssrRuns, limitRuns } = await inTurnWithLimit(ssr, limit, page.path, "SSR");
        const ssrFigures = meanOf(ssrRuns);
        const limitFigures = meanOf(limitRuns);
        console.log(`${page.path}: static …`);
        const staticFigures = await runLoad(baseline.url + page.path, runOptions());
        errors.push(
          ...failures(`${page.path} SSR`, ssrFigures),
          ...failures(`${page.path} static`, staticFigures),
          ...failures(`${page.path} limit`, limitFigures),
        );
        results.push({
          name: page.name,
          path: page.path,
          htmlBytes: html.get(page.path)?.length ?? 0,
          gzipBytes: { ssr: ssrProbe.wireBytes, render: null, static: staticProbe.wireBytes },
          ssr: ssrFigures,
          render: null,
          static: staticFigures,
          limit: limitFigures,
          ratio: ratioOf(ssrFigures, staticFigures),
          renderRatio: null,
          limitRatio: ratioOf(ssrFigures, limitFigures),
          renderLimitRatio: null,
          runs: {
            ssr: ssrRuns.map((run) => run.requestsPerSec),
            limit: limitRuns.map((run) => run.requestsPerSec),
            render: [],
            limitWithRender: [],
          },
        });
      }
      rss.cached.after = rssMb(ssr.pid);
      // 1b. The home page kept by a shared cache in front of this server.
      shared = await measureSharedCache(ssr, errors);
      await ssr.stop();
      ssr = undefined;

      // 2. Every request rendered (page cache off), against the same static figures.
      const renderPages = PAGES.filter((page) => page.render);
      ssr = await startSsr("render");
      pids.render = ssr.pid;
      await warmUp(ssr.url, renderPages);
      rss.render.before = rssMb(ssr.pid);
      for (const page of renderPages) {
        const result = results.find((r) => r.path === page.path)!;
        const renderProbe = await probe(ssr.url, page.path);
        const { runs: renderRuns, limitRuns } = await inTurnWithLimit(
          ssr,
          limit!,
          page.path,
          "render",
        );
        const figures = meanOf(renderRuns);
        errors.push(...failures(`${page.path} render`, figures));
        result.render = figures;
        result.renderRatio = ratioOf(figures, result.static);
        result.renderLimitRatio = ratioOf(figures, meanOf(limitRuns));
        result.runs.render = renderRuns.map((run) => run.requestsPerSec);
        result.runs.limitWithRender = limitRuns.map((run) => run.requestsPerSec);
        result.gzipBytes.render = renderProbe.wireBytes;
      }
      rss.render.after = rssMb(ssr.pid);
      await ssr.stop();
      ssr = undefined;
    } finally {
      await baseline?.close();
      await limit?.close();
      await ssr?.stop();
    }
  }

  // 3. The request log's share of the cached home page's throughput.
  const log = await measureLogCost();
  errors.push(...log.errors);

  if (!logOnly) printTable(results, rss, settings);
  const logCheck = checkLogCost(log.cost, MAX_LOG_COST);
  const sharedCheck = shared ? sharedCacheCheck(shared) : null;
  const budgets = [
    ...(logOnly ? [] : checkBudgets(results, BUDGETS, settings)),
    ...(sharedCheck ? [sharedCheck] : []),
    logCheck,
  ];
  if (sharedCheck) {
    console.log(
      `  ${sharedCheck.ok ? "PASS" : "FAIL"}  ${sharedCheck.name}: ${sharedCheck.detail}`,
    );
  }
  console.log(`  ${logCheck.ok ? "PASS" : "FAIL"}  ${logCheck.name}: ${logCheck.detail}`);
  const profile = settings.profile
    ? {
        cached: pids.cached ? reportProfile(pids.cached, "page cache on") : null,
        render: pids.render ? reportProfile(pids.render, "page cache off") : null,
      }
    : null;

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
    budgets: BUDGETS,
    pages: results,
    logCost: { ...log.cost, maxCost: MAX_LOG_COST, pinnedToOneCpu: log.pinned },
    sharedCache: shared ? { ...shared, minRatio: MIN_SHARED_CACHE_RATIO } : null,
    ssrRssMb: rss,
    checks: budgets,
    errors,
    profile,
  };
  // A log-only run leaves the last full results alone.
  const file = logOnly ? "results-log.json" : "results.json";
  writeFileSync(join(OUT_DIR, file), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${join("bench", file)}`);

  for (const message of errors) console.error(`FAIL ${message}`);
  return errors.length === 0 && budgets.every((b) => b.ok) ? 0 : 1;
}

function reportProfile(pid: number, label: string) {
  const file = findProfile(join(ROOT, PROFILE_DIR), pid);
  if (!file) {
    console.error(`No .cpuprofile for pid ${pid} in ${PROFILE_DIR}`);
    return null;
  }
  const summary = summarizeProfile(file, 15);
  const busy = summary.totalMs - summary.idleMs;
  console.log(`\nCPU profile (${label}) ${file.slice(ROOT.length + 1)}`);
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
