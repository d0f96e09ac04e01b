import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { getConfig, type Config } from "~/config/config.server";

/** A request id we accept from a proxy: short and plain, so it is safe to log and echo. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Standard output through pino's asynchronous destination (sonic-boom), as pino advises for
 * throughput: lines gather until there are 4 KB of them (or a second has passed, so a quiet
 * server's lines still reach the log promptly) and go out in one write, so a request never waits
 * on the pipe. pino writes what is left synchronously when the process exits and after a `fatal`
 * line; `flushLog` waits for it on the way out (SIGTERM, a fatal error).
 */
function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1_000 });
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
 * The `err` of a request answered 5xx without a failure of its own (what went wrong, if anything,
 * was logged where it happened): its stack would only show this module's close handler, a few
 * hundred bytes on every such line, so it has none.
 */
function answeredFailure(status: number): Error {
  const error = new Error(`failed with status code ${status}`);
  error.stack = `Error: ${error.message}`;
  return error;
}

/**
 * Writes a request's line once its response is closed (written out, or its client gone): at
 * `info`, `warn` for 4xx, `error` ("request failed") for 5xx or a response that failed
 * (`failure`). `started` is `Date.now()` when the request came. A request whose handler asked
 * (`skipRequestLog`) is left out. `path` is taken when the request comes (`requestPath`): a
 * mounted handler rewrites `req.url` for itself.
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
  const line = {
    req: { id, method, path },
    res: { status },
    responseTime: Date.now() - request.started,
  };
  if (failure || status >= 500) {
    base.error({ ...line, err: failure ?? answeredFailure(status) }, "request failed");
  } else if (status >= 400) {
    base.warn(line, "request");
  } else {
    base.info(line, "request");
  }
}

/**
 * Logs a request (`logAnswer`) once its response is closed, under its id (`requestIdOf`), which
 * it returns for the answer's `X-Request-Id`.
 */
function logRequest(base: Logger, req: IncomingMessage, res: ServerResponse): string {
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
 * The process's one logger, made on first use: one destination writes standard output (two
 * writers batching onto one pipe could split each other's lines) and one flush empties it. The
 * site and the routes share it by being one module graph (decision 029).
 */
let shared: Logger | undefined;

/** The process's logger. */
export function logger(): Logger {
  shared ??= createLogger(getConfig().logLevel);
  return shared;
}

/**
 * Resolves once every line logged so far is written (at most `timeoutMs` later: a stuck pipe
 * must not hold an exit up).
 */
export function flushLog(timeoutMs = 1_000): Promise<void> {
  const current = shared;
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
