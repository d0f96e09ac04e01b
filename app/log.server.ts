import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { getConfig, type Config } from "~/config.server";

/** A request id we accept from a proxy: short and plain, so it is safe to log and echo. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Lines are written in batches of at least this many bytes… */
const BATCH_BYTES = 4096;
/** …or after this long, so a quiet server's lines still reach the log promptly. */
const BATCH_MS = 1_000;

/**
 * Standard output through pino's asynchronous destination, as pino advises for throughput: lines
 * are queued and written by the event loop in batches of 4 KB (or once a second when the server
 * is quiet), so a request never waits on the pipe and a busy server makes one write per ~20
 * lines. pino writes what is queued synchronously when the process exits; `flushLog` waits for it
 * on the way out (SIGTERM, a fatal error).
 */
export function stdoutDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => destination.flush(), BATCH_MS).unref();
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

/** Probes a load balancer or orchestrator sends every few seconds: never logged. */
const UNLOGGED_PATHS = new Set(["/healthz", "/readyz"]);

const UNLOGGED = Symbol("unlogged");

/** Leaves this request out of the request log (an authorized metrics scrape). */
export function skipRequestLog(res: ServerResponse): void {
  (res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED] = true;
}

/**
 * Logs each finished request with its id (a proxy's `X-Request-Id` when usable, returned to the
 * client): one line when the answer is finished or the connection closes, at `info`, `warn` for
 * 4xx, `error` ("request failed") for 5xx or a broken response. One call per request, no child
 * logger and no serializer pass: the line is the few fields below, built once.
 */
export function requestLogger(base: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", id);
    const path = pathOf(req.url);
    if (UNLOGGED_PATHS.has(path)) return next();
    const started = Date.now();
    const done = (error?: unknown) => {
      res.off("close", done);
      res.off("finish", done);
      res.off("error", done);
      if ((res as ServerResponse & { [UNLOGGED]?: true })[UNLOGGED]) return;
      const status = res.statusCode;
      const line = {
        req: { id, method: req.method, path },
        res: { status },
        responseTime: Date.now() - started,
      };
      if (error instanceof Error || status >= 500) {
        const err = error instanceof Error ? error : new Error(`failed with status code ${status}`);
        base.error({ ...line, err }, "request failed");
      } else {
        base[status >= 400 ? "warn" : "info"](line, "request");
      }
    };
    res.on("close", done);
    res.on("finish", done);
    res.on("error", done);
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
