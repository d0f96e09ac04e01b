import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { methodLabel, requestRoute, statusClass } from "./labels";
import { recordHttpRequest } from "./metrics.server";

/** A handler outside Remix (health, readiness, metrics) names its own route label. */
export function labelRoute(res: Response, label: string): void {
  res.locals.metricsRoute = label;
}

/**
 * Times a request from now to its last byte and records it by route, method and status class
 * (`http_request_duration_seconds`); a request whose client went away before the answer was
 * complete is `aborted` (a visitor giving up on a hanging page still shows). `routeOf` names its
 * route label, worked out after the answer has gone out.
 */
function timeRequest(method: string, res: ServerResponse, routeOf: () => string): void {
  const started = process.hrtime.bigint();
  // A response emits "close" once, last: after "finish", or when its client left before it.
  res.on("close", () => recordAnswered(method, res, routeOf(), started));
}

/**
 * Records a closed response (`timeRequest`'s second half) under `route`, timed from `started`
 * (`process.hrtime.bigint()` when the request came).
 */
export function recordAnswered(
  method: string,
  res: ServerResponse,
  route: string,
  started: bigint,
): void {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const status = res.writableFinished ? statusClass(res.statusCode) : "aborted";
  recordHttpRequest({ route, method: methodLabel(method), status }, seconds);
}

/**
 * `timeRequest` for every request through Express. `routeOf` names the Remix route a path
 * reaches; a handler outside Remix names its own label (`labelRoute`).
 */
export function httpMetrics(routeOf: (path: string) => string | null): RequestHandler {
  return (req, res, next) => {
    // Read now: a mounted handler (static files under /assets) rewrites req.url for itself.
    const path = req.path;
    timeRequest(
      req.method,
      res,
      () => (res.locals.metricsRoute as string | undefined) ?? requestRoute(path, routeOf(path)),
    );
    next();
  };
}
