/**
 * What the observability adds to a request, in CPU time (decision 017): the request metrics
 * middleware (timing, route label, histogram), the upstream-cache counter, an
 * upstream call's record, and the request budget's AsyncLocalStorage. Each operation runs many
 * times in a loop; the best of several rounds is printed as CPU nanoseconds per operation, so
 * other work on the machine inflates the figures less than wall time would.
 *
 *   npm run build && NODE_ENV=production npx tsx scripts/bench/instrumentation.ts
 */
import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { Request, Response } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import { httpMetrics } from "../../app/observability/http-metrics.server";
import { requestRoute } from "../../app/observability/labels";
import {
  recordHttpRequest,
  recordUpstreamCache,
  recordUpstreamCall,
} from "../../app/observability/metrics.server";
import { createRouteMatcher } from "../../app/observability/route-matcher.server";
import { upstreamBudgetLeft, withRequestBudget } from "../../app/upstream/budget.server";

/** The site's route manifest, from the production build (`npm run build` first). */
async function manifest(): Promise<ServerBuild["routes"]> {
  const file = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
  if (!existsSync(file)) throw new Error("No build: run `npm run build` first.");
  return ((await import(pathToFileURL(file).href)) as ServerBuild).routes;
}

/** The manifest as nested routes for React Router's own `matchRoutes` (for comparison). */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, ...(route.index ? { index: true } : {}) });
    byParent.set(route.parentId, list);
  }
  const nest = (list: RouteObject[]): RouteObject[] =>
    list.map((route) =>
      byParent.has(route.id) && !route.index
        ? { ...route, children: nest(byParent.get(route.id)!) }
        : route,
    );
  return nest(byParent.get(undefined) ?? []);
}

function cpuNsPerOp(iterations: number, op: (i: number) => void): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) op(i);
    const used = process.cpuUsage(start);
    best = Math.min(best, ((used.user + used.system) * 1000) / iterations);
  }
  return best;
}

const routes = await manifest();
const routeOf = createRouteMatcher(routes);
// Paths no round has asked for before (every round's paths are new to the matcher's memory).
let freshPaths = 0;
const tree = routeTree(routes);
const middleware = httpMetrics(routeOf);
const next = () => undefined;

/** One request through the metrics middleware: arrival, then its response's `finish`. */
function request(path: string) {
  const res = Object.assign(new EventEmitter(), { locals: {}, statusCode: 200 });
  middleware({ path, method: "GET" } as Request, res as unknown as Response, next);
  res.emit("finish");
}

const rows: [string, number][] = [
  [
    "route label, a page route (/de/search)",
    cpuNsPerOp(200_000, () => requestRoute("/de/search", routeOf("/de/search"))),
  ],
  [
    "route label, a content page (/de/features)",
    cpuNsPerOp(200_000, () => requestRoute("/de/features", routeOf("/de/features"))),
  ],
  [
    "route label, a new path each time (not yet kept: React Router's matchRoutes)",
    cpuNsPerOp(2_000, () => {
      const path = `/p${freshPaths++}/x`;
      requestRoute(path, routeOf(path));
    }),
  ],
  [
    "for comparison: React Router's matchRoutes, one path",
    cpuNsPerOp(5_000, () => matchRoutes(tree, "/de/features")),
  ],
  [
    "histogram observe (route, method, status)",
    cpuNsPerOp(200_000, () =>
      recordHttpRequest({ route: "page/content", method: "GET", status: "2xx" }, 0.004),
    ),
  ],
  ["metrics middleware, whole request", cpuNsPerOp(100_000, () => request("/de/features"))],
  ["upstream-cache counter", cpuNsPerOp(200_000, () => recordUpstreamCache("fresh"))],
  [
    "upstream call record (counter + histogram)",
    cpuNsPerOp(200_000, () => recordUpstreamCall("coms", null, 0.02)),
  ],
  [
    "request budget: run + one look-up",
    cpuNsPerOp(200_000, () => withRequestBudget(() => upstreamBudgetLeft())),
  ],
];

const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, ns] of rows) {
  console.log(`${name.padEnd(width)}  ${(ns / 1000).toFixed(2).padStart(7)} µs`);
}
