import { readFileSync } from "node:fs";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import compression from "compression";
import { COMPRESSION_OPTIONS } from "../../app/http/compression.server";

/** A normal desktop Chrome: bots get the whole document at once, people get it streamed. */
export const USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Chrome/126.0.0.0 Safari/537.36";

export const HEADERS: Record<string, string> = {
  "Accept-Encoding": "gzip",
  Accept: "text/html",
  "User-Agent": USER_AGENT,
  Cookie: "dismissed=cookie",
};

/** What one autocannon run against one server and page yields. */
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

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The baseline: serves each page's HTML from memory through the same `compression` middleware
 * (and options) as server.ts, so both sides pay the same gzip cost.
 */
export async function startBaseline(
  port: number,
  pages: Map<string, Buffer>,
): Promise<{ url: string; close(): Promise<void> }> {
  const compress = compression(COMPRESSION_OPTIONS) as unknown as Handler;
  const server: Server = http.createServer((req, res) => {
    const html = pages.get(req.url ?? "");
    if (!html) {
      res.statusCode = 404;
      res.end("not found");
      return;
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    compress(req, res, () => res.end(html));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One autocannon run; the load generator runs in `workers` worker threads (0: this thread). */
export async function runLoad(
  url: string,
  options: { connections: number; duration: number; workers: number },
): Promise<RunFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    workers: options.workers || undefined,
    headers: HEADERS,
  });
  const round = (n: number, digits = 2) => Number(n.toFixed(digits));
  return {
    requestsPerSec: round(result.requests.mean, 1),
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSec: Math.round(result.throughput.mean),
    requests: result["2xx"] + result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  };
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
