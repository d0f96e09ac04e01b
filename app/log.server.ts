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

/** Request lines are built this many at a time (about 47 KB of lines). */
const REQUESTS_PER_BUILD = 256;
/** The fields `request` keeps per request line. */
const FIELDS = 7;

/** A destination that also takes a request line's fields, building the line later (`batchedLines`). */
export interface RequestLines {
  request(
    level: "info" | "warn",
    id: string,
    method: string,
    path: string,
    status: number,
    responseTime: number,
    time: number,
  ): void;
}

export type BatchedLines = DestinationStream &
  RequestLines & {
    flush(callback?: (error?: Error) => void): void;
    flushSync(): void;
    flushIfWritten(): void;
  };

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
 *
 * `request` keeps a request line's fields and builds the lines of `requestsPerBuild` requests
 * together into one string: between requests a line costs several times what it costs in a loop
 * (measured in decision 025). Kept lines are built before any other line, flush or sync flush, so
 * the order of lines is the order of the calls.
 */
export function batchedLines(
  inner: FlushableDestination,
  batchBytes: number,
  requestsPerBuild = REQUESTS_PER_BUILD,
): BatchedLines {
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
  const put = (text: string) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: most texts need no exact count.
    if (used + text.length * 3 > batchBytes) {
      const bytes = Buffer.byteLength(text);
      if (used + bytes > batchBytes) pass();
      if (bytes > batchBytes) {
        handOn(Buffer.from(text));
        return;
      }
    }
    used += batch.write(text, used);
  };
  /** The fields of requests whose lines are not built yet, FIELDS slots each. */
  const kept: (string | number)[] = Array.from({ length: requestsPerBuild * FIELDS }, () => 0);
  let keptSlots = 0;
  const build = () => {
    if (keptSlots === 0) return;
    let text = "";
    for (let i = 0; i < keptSlots; i += FIELDS) {
      text += requestLine(
        kept[i] as "info" | "warn",
        kept[i + 1] as string,
        kept[i + 2] as string,
        kept[i + 3] as string,
        kept[i + 4] as number,
        kept[i + 5] as number,
        kept[i + 6] as number,
      );
    }
    keptSlots = 0;
    // Whole lines only: a text longer than a batch is handed on whole.
    put(text);
  };
  return {
    write(line: string) {
      written = true;
      build();
      put(line);
    },
    request(level, id, method, path, status, responseTime, time) {
      written = true;
      const at = keptSlots;
      kept[at] = level;
      kept[at + 1] = id;
      kept[at + 2] = method;
      kept[at + 3] = path;
      kept[at + 4] = status;
      kept[at + 5] = responseTime;
      kept[at + 6] = time;
      keptSlots = at + FIELDS;
      if (keptSlots === kept.length) build();
    },
    flush(callback) {
      written = false;
      build();
      pass();
      inner.flush(callback);
    },
    flushSync() {
      build();
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

/** The path a request's line shows: no query (it may hold a search or a token), 200 characters. */
export function requestPath(req: IncomingMessage): string {
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
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

/** A request's id: a proxy's `X-Request-Id` when usable (short, plain), else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Writes a request's line once its response is closed (written out, or its client gone): at
 * `info`, `warn` for 4xx, `error` ("request failed") for 5xx or a response that failed
 * (`failure`). `started` is `Date.now()` when the request came. No child logger and no serializer
 * pass: the line is the few fields below, built with others (`batchedLines`) when the destination
 * can. A request whose handler asked (`skipRequestLog`) is left out. `path` is taken when the
 * request comes (`requestPath`): a mounted handler rewrites `req.url` for itself.
 */
export function logAnswer(
  base: Logger,
  res: ServerResponse,
  request: { id: string; method: string; path: string; started: number },
  failure?: Error,
): void {
  if ((res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED]) return;
  const { id, method, path } = request;
  const status = res.statusCode;
  const now = Date.now();
  const responseTime = now - request.started;
  if (failure || status >= 500) {
    const err = failure ?? new Error(`failed with status code ${status}`);
    const line = { req: { id, method, path }, res: { status }, responseTime };
    base.error({ ...line, err }, "request failed");
    return;
  }
  const level = status >= 400 ? "warn" : "info";
  if (!base.isLevelEnabled(level)) return;
  const stream = (base as Logger & { [pino.symbols.streamSym]: DestinationStream })[
    pino.symbols.streamSym
  ] as DestinationStream & Partial<RequestLines>;
  if (stream.request) stream.request(level, id, method, path, status, responseTime, now);
  else stream.write(requestLine(level, id, method, path, status, responseTime, now));
}

/**
 * Logs a request (`logAnswer`) once its response is closed, under its id (`requestIdOf`), which
 * it returns for the answer's `X-Request-Id`.
 */
export function logRequest(base: Logger, req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  const path = requestPath(req);
  if (UNLOGGED_PATHS.has(path)) return id;
  const request = { id, method: req.method ?? "", path, started: Date.now() };
  let failure: Error | undefined;
  res.on("error", (error) => (failure ??= error));
  // A response emits "close" last, whether it was written out or its client left.
  res.on("close", () => logAnswer(base, res, request, failure));
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
