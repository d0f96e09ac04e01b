import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { getConfig, type Config } from "~/config.server";

/** A request id we accept from a proxy: short and plain, so it is safe to log and echo. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Lines are written in batches of about this many bytes (a pipe's whole buffer)… */
const BATCH_BYTES = 64 * 1024;
/** …or after this long, so a quiet server's lines still reach the log promptly. */
const BATCH_MS = 1_000;

/** What `batchedLines` needs of pino's destination (sonic-boom in buffer mode). */
export interface FlushableDestination {
  write(chunk: Buffer): unknown;
  /** sonic-boom's `write` event: `n` bytes of what it was given have been written out. */
  on?(event: "write", listener: (n: number) => void): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Lines encoded straight into a buffer of `batchBytes` that goes to `inner` whole when full. Each
 * line's string is garbage as soon as it is written here, the destination gets one buffer per
 * few hundred lines and never re-reads or re-encodes what it holds (sonic-boom given strings
 * measures everything it holds on each write). A buffer `inner` reports written out (its `write`
 * events count the bytes, in order) is filled again. `flush` and `flushSync` pass on what is gathered
 * first, so nothing is held back from a flush; `flushIfWritten` flushes only when a line came
 * since the last flush.
 */
export function batchedLines(
  inner: FlushableDestination,
  batchBytes: number,
): DestinationStream & {
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  flushIfWritten(): void;
} {
  let batch: Buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  let written = false;
  // Buffers written out are filled again: a fresh 64 KB costs the process page faults.
  const spares: Buffer[] = [];
  /** Buffers handed on and not yet written out, with the byte count handed on up to their end. */
  const handed: { buffer: Buffer; end: number }[] = [];
  let handedBytes = 0;
  let writtenBytes = 0;
  inner.on?.("write", (n) => {
    writtenBytes += n;
    while (handed.length > 0 && handed[0]!.end <= writtenBytes) {
      const { buffer } = handed.shift()!;
      if (spares.length < 4) spares.push(buffer);
    }
  });
  const handOn = (chunk: Buffer, whole?: Buffer) => {
    handedBytes += chunk.length;
    if (whole && inner.on) {
      handed.push({ buffer: whole, end: handedBytes });
      // A destination that stopped writing (a closed pipe) is not waited for.
      if (handed.length > 16) handed.shift();
    }
    inner.write(chunk);
  };
  const pass = () => {
    if (used === 0) return;
    const full = batch;
    const chunk = batch.subarray(0, used);
    batch = spares.pop() ?? Buffer.allocUnsafe(batchBytes);
    used = 0;
    handOn(chunk, full);
  };
  return {
    write(line: string) {
      written = true;
      // UTF-8 takes at most 3 bytes per UTF-16 unit: most lines need no exact count.
      if (used + line.length * 3 > batchBytes) {
        const bytes = Buffer.byteLength(line);
        if (used + bytes > batchBytes) pass();
        if (bytes > batchBytes) {
          handOn(Buffer.from(line));
          return;
        }
      }
      used += batch.write(line, used);
    },
    flush(callback) {
      written = false;
      pass();
      inner.flush(callback);
    },
    flushSync() {
      pass();
      inner.flushSync();
    },
    flushIfWritten() {
      if (written) this.flush();
    },
  };
}

/**
 * Standard output through pino's asynchronous destination, as pino advises for throughput: lines
 * are queued and written by the event loop in batches of 64 KB (or once a second when the server
 * is quiet), so a request never waits on the pipe and a busy server makes one write per ~350
 * lines. What is queued is written synchronously when the process exits; `flushLog` waits for it
 * on the way out (SIGTERM, a fatal error).
 */
export function stdoutDestination(): DestinationStream {
  const sonic = pino.destination({ dest: 1, sync: false, minLength: 4096, contentMode: "buffer" });
  // In buffer mode sonic-boom takes buffers, which its types do not say.
  const destination = batchedLines(sonic as unknown as FlushableDestination, BATCH_BYTES);
  setInterval(() => destination.flushIfWritten(), BATCH_MS).unref();
  // After pino's own exit hook (registered with the destination): the lines still gathered here.
  process.on("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // The destination is closed or broken: there is nowhere left to write.
    }
  });
  return destination;
}

/**
 * JSON lines at LOG_LEVEL (on stdout unless `destination` says otherwise). Errors keep their
 * stack. Requests are logged by method, path (no query: it may hold a visitor's search or an
 * autologin token), status and time — never headers, cookies, tokens or bodies.
 */
export function createLogger(
  level: Config["logLevel"],
  destination: DestinationStream = stdoutDestination(),
): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}

function pathOf(url: string | undefined): string {
  const path = (url ?? "").split("?")[0] ?? "";
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

let isoMs = -1;
let isoText = "";

/** `new Date(ms).toISOString()`, made once per millisecond (a busy server logs several). */
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * The line pino writes for `logger[level]({ req: { id, method, path }, res: { status },
 * responseTime }, "request")` with `createLogger`'s options, built by hand: it is the one line
 * every request writes, and pino's generic serializer costs several times more than this.
 * `id` is a UUID or matches REQUEST_ID, so it needs no escaping.
 */
export function requestLine(
  level: "info" | "warn",
  id: string,
  method: string,
  path: string,
  status: number,
  responseTime: number,
  time = Date.now(),
): string {
  return (
    `{"level":"${level}","time":"${isoTime(time)}",` +
    `"req":{"id":"${id}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)}},` +
    `"res":{"status":${status}},"responseTime":${responseTime},"msg":"request"}\n`
  );
}

/** Probes a load balancer or orchestrator sends every few seconds: never logged. */
const UNLOGGED_PATHS = new Set(["/healthz", "/readyz"]);

const UNLOGGED = Symbol("unlogged");

/** Leaves this request out of the request log (an authorized metrics scrape). */
export function skipRequestLog(res: ServerResponse): void {
  (res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED] = true;
}

/**
 * Logs a request once it is finished or its connection closes, under its id (a proxy's
 * `X-Request-Id` when usable, else a fresh one), which it returns for the answer's
 * `X-Request-Id`: at `info`, `warn` for 4xx, `error` ("request failed") for 5xx or a broken
 * response. One call per request, no child logger and no serializer pass: the line is the few
 * fields below, built once.
 */
export function logRequest(base: Logger, req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  const path = pathOf(req.url);
  if (UNLOGGED_PATHS.has(path)) return id;
  const started = Date.now();
  const done = (error?: unknown) => {
    res.off("close", done);
    res.off("finish", done);
    res.off("error", done);
    if ((res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED]) return;
    const status = res.statusCode;
    const now = Date.now();
    const responseTime = now - started;
    if (error instanceof Error || status >= 500) {
      const err = error instanceof Error ? error : new Error(`failed with status code ${status}`);
      const line = { req: { id, method: req.method, path }, res: { status }, responseTime };
      base.error({ ...line, err }, "request failed");
      return;
    }
    const level = status >= 400 ? "warn" : "info";
    if (!base.isLevelEnabled(level)) return;
    const stream = (base as Logger & { [pino.symbols.streamSym]: DestinationStream })[
      pino.symbols.streamSym
    ];
    stream.write(requestLine(level, id, req.method ?? "", path, status, responseTime, now));
  };
  res.on("close", done);
  res.on("finish", done);
  res.on("error", done);
  return id;
}

/** `logRequest` for every request through Express, its id returned in `X-Request-Id`. */
export function requestLogger(base: Logger): RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Request-Id", logRequest(base, req, res));
    next();
  };
}

/**
 * The Express server (build/server.js) and the Remix build (build/server/index.js) are two module
 * graphs in one process: they share one logger, so one destination writes standard output (two
 * writers batching onto one pipe could split each other's lines) and one flush empties it.
 */
const SHARED = Symbol.for("keynest.logger");
const holder = globalThis as { [SHARED]?: Logger };

/** The process's logger. */
export function logger(): Logger {
  holder[SHARED] ??= createLogger(getConfig().logLevel);
  return holder[SHARED];
}

/**
 * Resolves once every line logged so far is written (at most `timeoutMs` later: a stuck pipe
 * must not hold an exit up).
 */
export function flushLog(timeoutMs = 1_000): Promise<void> {
  const current = holder[SHARED];
  if (!current) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    timer.unref();
    current.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function write(level: "debug" | "info" | "warn" | "error", message: string, detail?: unknown) {
  if (detail === undefined) logger()[level](message);
  else if (detail instanceof Error) logger()[level]({ err: detail }, message);
  else logger()[level]({ detail }, message);
}

/** Server log; messages never include secrets or visitor tokens. */
export const log = {
  debug: (message: string, detail?: unknown) => write("debug", message, detail),
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};
