import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { skipRequestLog } from "~/observability/log.server";
import { labelRoute } from "./http-metrics.server";
import { metricsText } from "./metrics.server";

export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds (length included).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` on the site's own port, for a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. Without the token, or with another, the request goes on as any path would (the
 * site's 404): nothing says a metrics endpoint is there.
 */
export function metricsOnSitePort(token: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || !bearerMatches(req.headers.authorization, token)) return next();
    labelRoute(res, "metrics");
    skipRequestLog(res);
    metricsText().then(
      ({ contentType, body }) => res.set("Cache-Control", "no-store").type(contentType).send(body),
      next,
    );
  };
}

/**
 * A listener of its own for `GET /metrics` (METRICS_PORT, on METRICS_HOST: loopback unless
 * configured), apart from the site: no page, redirect or rate limit there. With METRICS_TOKEN
 * set it asks for the token too.
 */
export function startMetricsServer(options: {
  port: number;
  host: string;
  token: string | undefined;
  onListening?: () => void;
}): Server {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const allowed =
      path === METRICS_PATH &&
      req.method === "GET" &&
      (options.token === undefined || bearerMatches(req.headers.authorization, options.token));
    if (!allowed) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metricsText().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
      },
      () => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Error\n");
      },
    );
  });
  server.listen(options.port, options.host, options.onListening);
  return server;
}
