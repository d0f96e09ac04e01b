import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Config } from "~/config/config.server";
import { flushLog, logger } from "~/observability/log.server";
import { startMetricsServer } from "~/observability/metrics-endpoint.server";
import { closeRedis } from "~/redis/connection.server";

/** Requests in flight get this long to finish: less than the 10 s a container stop waits. */
const SHUTDOWN_GRACE_MS = 8_000;

/**
 * Starts the site (and the metrics listener when METRICS_PORT is set) and stops it cleanly on
 * SIGTERM and SIGINT: no new connections, idle keep-alive connections closed, the requests in
 * flight allowed to finish (Node closes their connections after the answer), Redis closed, the
 * log written out, exit 0; exit 1 if some are still running after the grace period. An uncaught
 * exception is logged as fatal and the log written out before the process ends (exit 1).
 */
export function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  config: Config,
): Server {
  const log = logger();
  const server: Server = createServer(handler).listen(config.port, config.host, () => {
    log.info({ port: config.port, host: config.host }, "listening");
  });
  const metricsServer = config.metrics.port
    ? startMetricsServer({
        port: config.metrics.port,
        host: config.metrics.host,
        token: config.metrics.token,
        onListening: () =>
          log.info({ port: config.metrics.port, host: config.metrics.host }, "metrics listening"),
      })
    : undefined;
  metricsServer?.on("error", (error) => {
    log.error({ err: error }, "the metrics listener could not start");
    void flushLog().finally(() => process.exit(1));
  });
  // A client that trickles its headers or body holds a connection for seconds, not minutes.
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "closing the server");
    metricsServer?.close();
    server.close(() => {
      closeRedis()
        .finally(flushLog)
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.error(
        { signal },
        `Requests still running ${SHUTDOWN_GRACE_MS / 1000} s after the signal: exiting`,
      );
      void flushLog().finally(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A promise some library forgot to handle (a reconnecting client, a cancelled stream) is
  // logged, not allowed to end the process and every request in flight with it. An uncaught
  // exception still ends it: the process's state can no longer be trusted then.
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "unhandled promise rejection");
  });
  process.once("uncaughtException", (error) => {
    log.fatal({ err: error }, "uncaught exception: exiting");
    void flushLog().finally(() => process.exit(1));
  });
  return server;
}
