import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import http from "node:http";

/** A normal desktop Chrome (a visitor, not a crawler). */
export const USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Chrome/126.0.0.0 Safari/537.36";

export const HEADERS: Record<string, string> = {
  "Accept-Encoding": "gzip",
  Accept: "text/html",
  "User-Agent": USER_AGENT,
  Cookie: "dismissed=cookie",
};

/** What one run against one server and page yields (wrk's figures, `report.lua`). */
export interface RunFigures {
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers with a status above 399 (wrk counts no others: a 3xx passes). */
  non2xx: number;
  /** Socket errors: connect, read and write. */
  errors: number;
  timeouts: number;
  bytesPerSec: number;
  requests: number;
  /** wrk tells statuses apart only as below 400 or not: `{ "<400": n, "≥400": m }`. */
  statusCodes: Record<string, number>;
}

/** Requests `path` `times` times, `parallel` at once; every answer must be a 200. */
export async function warm(base: string, path: string, times = 50, parallel = 5): Promise<void> {
  for (let done = 0; done < times; done += parallel) {
    await Promise.all(
      Array.from({ length: Math.min(parallel, times - done) }, async () => {
        const response = await fetch(base + path, { headers: HEADERS, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== 200) {
          throw new Error(`Warm-up: ${path} answered ${response.status}, expected 200`);
        }
      }),
    );
  }
}

/** The uncompressed HTML body of `path`, byte for byte. */
export async function fetchIdentity(base: string, path: string): Promise<Buffer> {
  const response = await fetch(base + path, {
    headers: { ...HEADERS, "Accept-Encoding": "identity" },
    redirect: "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  if (response.status !== 200 || (encoding && encoding !== "identity")) {
    throw new Error(`${path}: expected an uncompressed 200, got ${response.status} ${encoding}`);
  }
  return body;
}

/** Status, Content-Encoding and wire size of one response with the benchmark headers. */
export function probe(
  base: string,
  path: string,
): Promise<{ status: number; encoding: string; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(base + path, { headers: HEADERS, agent: false }, (response) => {
      let wireBytes = 0;
      response.on("data", (chunk: Buffer) => (wireBytes += chunk.length));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers["content-encoding"] ?? "identity"),
          wireBytes,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The physical limit (`scripts/bench/limit-server.ts`): the pages' HTML gzipped once and
 * served from memory by plain `node:http` in a process of its own.
 */
export async function startLimitServer(
  port: number,
  pages: Map<string, Buffer>,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-limit-"));
  const manifest: Record<string, string> = {};
  [...pages].forEach(([path, html], i) => {
    const file = join(dir, `${i}.html`);
    writeFileSync(file, html);
    manifest[path] = file;
  });
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  const script = new URL("./limit-server.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, [script, String(port), join(dir, "manifest.json")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the limit server did not start")), 10_000);
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the limit server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The mean of repeated runs of one side: rates and latencies averaged (the longest answer the
 * longest of all), counts added (the runs are interleaved with another side's, so a drift of the
 * machine hits both alike).
 */
export function meanOf<T extends RunFigures>(runs: T[]): T {
  if (runs.length === 0) throw new Error("no runs");
  const mean = (pick: (run: T) => number, digits = 1) =>
    Number((runs.reduce((acc, run) => acc + pick(run), 0) / runs.length).toFixed(digits));
  const sum = (pick: (run: T) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  const figures: RunFigures = {
    requestsPerSec: mean((run) => run.requestsPerSec),
    p50Ms: mean((run) => run.p50Ms, 2),
    p90Ms: mean((run) => run.p90Ms, 2),
    p99Ms: mean((run) => run.p99Ms, 2),
    maxMs: Math.max(...runs.map((run) => run.maxMs)),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    bytesPerSec: Math.round(mean((run) => run.bytesPerSec)),
    requests: sum((run) => run.requests),
    statusCodes,
  };
  const extra: Record<string, unknown> = {};
  // SSR runs also carry the server's CPU time: added up, and per request over all the runs.
  if (runs.every((run) => "cpuMs" in run)) {
    const cpu = runs.map((run) => (run as unknown as { cpuMs: number | null }).cpuMs);
    const known = cpu.every((value) => value !== null);
    const total = cpu.reduce<number>((acc, value) => acc + (value ?? 0), 0);
    extra.cpuMs = known ? total : null;
    extra.cpuMsPerRequest =
      known && figures.requests > 0 ? Number((total / figures.requests).toFixed(3)) : null;
  }
  return { ...figures, ...extra } as T;
}

const WRK_REPORT = new URL("./report.lua", import.meta.url).pathname;

/** Turns the JSON line `report.lua` prints at the end of wrk's output into a run's figures. */
export function figuresOfWrk(output: string): RunFigures {
  const line = output.split("\n").findLast((text) => text.startsWith("{"));
  if (!line) throw new Error(`wrk printed no report: ${output.slice(-300)}`);
  const run = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    bytes: number;
    requestsPerSec: number;
    latencyUs: Record<"p50" | "p90" | "p99" | "max", number>;
    errors: Record<"connect" | "read" | "write" | "status" | "timeout", number>;
  };
  const ms = (us: number) => Math.round(us / 10) / 100;
  const { errors, latencyUs } = run;
  const ok = run.requests - errors.status;
  return {
    requestsPerSec: run.requestsPerSec,
    p50Ms: ms(latencyUs.p50),
    p90Ms: ms(latencyUs.p90),
    p99Ms: ms(latencyUs.p99),
    maxMs: ms(latencyUs.max),
    non2xx: errors.status,
    errors: errors.connect + errors.read + errors.write,
    timeouts: errors.timeout,
    bytesPerSec: Math.round(run.bytes / Math.max(run.durationUs / 1e6, 1e-6)),
    requests: run.requests,
    statusCodes: Object.fromEntries(
      Object.entries({ "<400": ok, "≥400": errors.status }).filter(([, count]) => count > 0),
    ),
  };
}

export interface LoadOptions {
  connections: number;
  /** Seconds, rounded up to whole ones (wrk's unit). */
  duration: number;
  /** A `taskset` CPU list to run wrk on; anywhere when absent. */
  cpus?: string | null;
  /** wrk's threads; one per CPU but the server's when absent. */
  threads?: number;
}

/**
 * One run of Debian's wrk: `connections` keep-alive connections for `duration` seconds, each
 * asking again as soon as it is answered, with the bench's HEADERS; `threads` threads (a thread
 * per CPU but one, the server's, when not given), each connection timing out after 10 s.
 */
export function runLoad(url: string, options: LoadOptions): Promise<RunFigures> {
  const threads = Math.max(
    1,
    Math.min(options.connections, options.threads ?? availableParallelism() - 1),
  );
  const args = [
    "--connections",
    String(options.connections),
    "--threads",
    String(threads),
    "--duration",
    `${Math.max(1, Math.ceil(options.duration))}s`,
    "--timeout",
    "10s",
    "--script",
    WRK_REPORT,
    ...Object.entries(HEADERS).flatMap(([name, value]) => ["--header", `${name}: ${value}`]),
    url,
  ];
  const [command, argv] = options.cpus
    ? ["taskset", ["--cpu-list", options.cpus, "wrk", ...args]]
    : ["wrk", args];
  return new Promise((resolve, reject) => {
    execFile(command, argv, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk on ${url} failed: ${error.message} ${stderr}`.trim()));
      else resolve(figuresOfWrk(stdout));
    });
  });
}

/** `runLoad` on several URLs at once, a wrk process each, `connections` each. */
export function runLoadTogether(urls: string[], options: LoadOptions): Promise<RunFigures[]> {
  return Promise.all(urls.map((url) => runLoad(url, options)));
}

/**
 * wrk on PATH: installed with apt-get when missing (as `.ci/run` installs the tests' Debian
 * packages; root or sudo), or an error naming the command.
 */
export function ensureWrk(): void {
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  const install = `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq wrk >/dev/null`;
  const script = `command -v wrk >/dev/null || { echo "Installing wrk (apt-get)"; ${install}; }`;
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("sh", ["-c", script], { stdio: "inherit", env });
  } catch {
    throw new Error("wrk is missing and could not be installed: apt-get install -y wrk");
  }
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat
 * (clock ticks of 10 ms); null when unreadable.
 */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Resident set size of a process in MB, from /proc/<pid>/status (null when unreadable). */
export function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
