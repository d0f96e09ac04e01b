import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp, type HttpLogger } from "pino-http";
import { getConfig, type Config } from "~/config.server";

/** A request id we accept from a proxy: short and plain, so it is safe to log and echo. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Standard output through pino's asynchronous destination, as pino advises for throughput: a line
 * is queued and written by the event loop (in one batch while a write is under way), so logging
 * never blocks a request on the pipe. pino writes what is queued synchronously when the process
 * exits; `flushLog` waits for it on the way out (SIGTERM, a fatal error).
 */
export function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
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

/** Probes a load balancer or orchestrator sends every few seconds: never logged. */
const UNLOGGED_PATHS = new Set(["/healthz", "/readyz"]);

const UNLOGGED = Symbol("unlogged");

/** Leaves this request out of the request log (an authorized metrics scrape). */
export function skipRequestLog(res: ServerResponse): void {
  (res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED] = true;
}

/** Logs each finished request with its id; takes a proxy's X-Request-Id and returns it. */
export function requestLogger(base: Logger): HttpLogger {
  return pinoHttp({
    logger: base,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers["x-request-id"];
      const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => {
      if ((res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED]) return "silent";
      return error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info";
    },
    autoLogging: { ignore: (req) => UNLOGGED_PATHS.has(pathOf(req.url)) },
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    wrapSerializers: true,
  });
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
