import { Worker } from "node:worker_threads";
import type { BlastOptions, BlastResult } from "./blast-worker";

/** What one run against one server and page yields. */
export interface RunFigures {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSec: number;
  requests: number;
  statusCodes: Record<string, number>;
}

/** The latency below which `share` of the answers came (nearest rank). */
export function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(rank, 1)) - 1]!;
}

export function figuresOf(result: BlastResult): RunFigures {
  const seconds = result.elapsedMs / 1000;
  const sorted = Float64Array.from(result.latencies).sort();
  const round = (n: number, digits: number) => Number(n.toFixed(digits));
  const non2xx = Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requestsPerSec: round(result.requests / seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSec: Math.round(result.bytes / seconds),
    requests: result.requests,
    statusCodes: result.statusCodes,
  };
}

/**
 * One run of the lean load generator (`blast-worker.ts`) in a worker thread of its own, so it
 * never shares an event loop with a server in this process (the in-memory baseline).
 */
export async function blastRun(
  url: string,
  options: { connections: number; duration: number; headers: Record<string, string> },
): Promise<RunFigures> {
  const [figures] = await blastTogether([url], options);
  return figures!;
}

/**
 * Runs on several URLs at once from one generator thread, `connections` each: servers loaded
 * together are driven by one event loop, so none gets its answers read faster than another's.
 */
export function blastTogether(
  urls: string[],
  options: { connections: number; duration: number; headers: Record<string, string> },
): Promise<RunFigures[]> {
  const data: BlastOptions[] = urls.map((url) => {
    const target = new URL(url);
    return {
      host: target.hostname,
      port: Number(target.port || 80),
      path: target.pathname + target.search,
      headers: options.headers,
      connections: options.connections,
      duration: options.duration,
    };
  });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./blast-worker.ts", import.meta.url), { workerData: data });
    worker.once("message", (results: BlastResult[]) => {
      resolve(results.map(figuresOf));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
  });
}
