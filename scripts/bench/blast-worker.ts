/**
 * A lean HTTP/1.1 load generator: `connections` keep-alive sockets, each sending the next GET as
 * soon as the previous answer is complete, for `duration` seconds. It reads only what framing
 * needs (the status line, Content-Length or chunked encoding) and never copies a body, so one core
 * drives a precompressed static server at its own ceiling — which autocannon, parsing every
 * response in full, does not reach on this machine.
 *
 * Runs as a worker thread (`blast.ts` starts it) on Node's own TypeScript support; imports
 * nothing but Node.
 */
import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";

export interface BlastOptions {
  host: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
  /** An answer slower than this (ms) counts as a timeout and its connection is opened again. */
  timeoutMs?: number;
}

export interface BlastResult {
  /** Answers completed within the run, and how long the run lasted (ms). */
  requests: number;
  elapsedMs: number;
  /** Latency of each completed answer in ms, from sending the request to its last byte. */
  latencies: Float64Array;
  statusCodes: Record<string, number>;
  /** Response bytes received (headers and bodies, as on the wire). */
  bytes: number;
  errors: number;
  timeouts: number;
}

const CRLF = Buffer.from("\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");
/** A response head (or chunk-size line) longer than this is a broken answer. */
const MAX_HEAD = 64 * 1024;

type Phase = "head" | "body" | "size" | "data" | "end";

/**
 * Incremental framing of HTTP/1.1 responses on one connection: `push` every chunk read; `onDone`
 * is called with the status of each complete response.
 */
export class ResponseFramer {
  private phase: Phase = "head";
  private remaining = 0;
  private status = 0;
  private pending: Buffer | null = null;

  // A plain field, not a parameter property: Node's type stripping runs this file as it is.
  private readonly onDone: (status: number) => void;

  constructor(onDone: (status: number) => void) {
    this.onDone = onDone;
  }

  /** Throws on a malformed response. */
  push(chunk: Buffer): void {
    let data = chunk;
    if (this.pending) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = null;
    }
    let pos = 0;
    while (pos < data.length) {
      if (this.phase === "head") {
        const end = data.indexOf(HEAD_END, pos);
        if (end === -1) return this.keep(data, pos);
        const head = data.toString("latin1", pos, end);
        pos = end + HEAD_END.length;
        this.status = Number(head.slice(9, 12));
        if (!head.startsWith("HTTP/1.") || !Number.isInteger(this.status)) {
          throw new Error(`not an HTTP/1.x response: ${JSON.stringify(head.slice(0, 40))}`);
        }
        if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
          this.phase = "size";
        } else {
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          this.remaining = length ? Number(length[1]) : 0;
          this.phase = "body";
          if (this.remaining === 0) this.done();
        }
      } else if (this.phase === "body" || this.phase === "data") {
        const take = Math.min(this.remaining, data.length - pos);
        pos += take;
        this.remaining -= take;
        if (this.remaining > 0) return;
        if (this.phase === "body") this.done();
        else this.phase = "size";
      } else if (this.phase === "size") {
        const end = data.indexOf(CRLF, pos);
        if (end === -1) return this.keep(data, pos);
        const size = parseInt(data.toString("latin1", pos, end), 16);
        if (!Number.isFinite(size) || size < 0) throw new Error("bad chunk size");
        pos = end + CRLF.length;
        if (size === 0) this.phase = "end";
        else {
          this.remaining = size + CRLF.length; // the chunk and the CRLF after it
          this.phase = "data";
        }
      } else {
        // The last chunk is followed by an empty line (no trailers are sent to us).
        if (data.length - pos < CRLF.length) return this.keep(data, pos);
        pos += CRLF.length;
        this.done();
      }
    }
  }

  private keep(data: Buffer, from: number): void {
    if (data.length - from > MAX_HEAD) throw new Error("response head too long");
    this.pending = Buffer.from(data.subarray(from));
  }

  private done(): void {
    this.phase = "head";
    this.onDone(this.status);
  }
}

export function blast(options: BlastOptions): Promise<BlastResult> {
  const headerLines = Object.entries(options.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const request = Buffer.from(
    `GET ${options.path} HTTP/1.1\r\nHost: ${options.host}:${options.port}\r\n${headerLines}\r\n`,
    "latin1",
  );
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  const started = performance.now();
  const stopAt = started + options.duration * 1000;
  let open = 0;

  return new Promise((resolve) => {
    const finish = () => {
      resolve({
        requests: latencies.length,
        elapsedMs: Math.max(performance.now(), stopAt) - started,
        latencies: Float64Array.from(latencies),
        statusCodes,
        bytes,
        errors,
        timeouts,
      });
    };
    const connect = () => {
      open += 1;
      let sentAt = 0;
      let closed = false;
      const socket = net.connect({ host: options.host, port: options.port, noDelay: true });
      const send = () => {
        if (performance.now() >= stopAt) return socket.end();
        sentAt = performance.now();
        socket.write(request);
      };
      const framer = new ResponseFramer((status) => {
        latencies.push(performance.now() - sentAt);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        send();
      });
      socket.setTimeout(timeoutMs, () => {
        timeouts += 1;
        socket.destroy();
      });
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        try {
          framer.push(chunk);
        } catch {
          errors += 1;
          socket.destroy();
        }
      });
      socket.on("error", () => {
        errors += 1;
      });
      socket.on("close", () => {
        if (closed) return;
        closed = true;
        open -= 1;
        // A connection the server closed (or that failed) is opened again while the run lasts.
        if (performance.now() < stopAt) setTimeout(connect, errors > 0 ? 10 : 0);
        else if (open === 0) finish();
      });
    };
    for (let i = 0; i < options.connections; i++) connect();
  });
}

/**
 * The worker's work: each of `workerData`'s runs at the same time, on this one event loop, so
 * servers loaded together are driven alike.
 */
if (parentPort && workerData) {
  const port = parentPort;
  void Promise.all((workerData as BlastOptions[]).map((options) => blast(options))).then(
    (results) =>
      port.postMessage(
        results,
        results.map((result) => result.latencies.buffer as ArrayBuffer),
      ),
  );
}
