import {
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type Metric,
} from "prom-client";
import { UPSTREAM_FAMILIES, type UpstreamFamily } from "~/upstream/families";
import type { ReadinessReason } from "~/upstream/readiness";

/**
 * The site's Prometheus metrics (decision 017), in prom-client's default registry. Each metric is
 * looked up by name before it is created: a second copy of this module (a module Vite reloads in
 * development, a test's fresh module registry) records into the same series instead of failing
 * to register it again.
 */
function metric<M extends Metric<string>>(name: string, create: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? create();
}

const httpDuration = () =>
  metric(
    "http_request_duration_seconds",
    () =>
      new Histogram({
        name: "http_request_duration_seconds",
        help: "Time to answer a request, by route (Remix route id without its language, or a fixed name), method and status class (or aborted: the client left first)",
        labelNames: ["route", "method", "status"] as const,
        buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25],
        // Whatever is read (a scrape, a test) sees every request timed so far.
        collect: observeTimedRequests,
      }),
  );

const upstreamCacheLookups = () =>
  metric(
    "upstream_cache_lookups_total",
    () =>
      new Counter({
        name: "upstream_cache_lookups_total",
        help: "Upstream cache look-ups: fresh, stale (served while one refresh runs), miss (waited for the upstream) or stale_if_error (served because the refresh failed or was too slow)",
        labelNames: ["result"] as const,
      }),
  );

const upstreamRequests = () =>
  metric(
    "upstream_requests_total",
    () =>
      new Counter({
        name: "upstream_requests_total",
        help: "Upstream calls the site made or tried (the circuit breaker refuses some), by service",
        labelNames: ["service"] as const,
      }),
  );

const upstreamErrors = () =>
  metric(
    "upstream_errors_total",
    () =>
      new Counter({
        name: "upstream_errors_total",
        help: "Failed upstream calls by service and code (TIMEOUT, REQUEST_BUDGET, NETWORK_ERROR, ABORTED, INVALID_JSON, INVALID_RESPONSE, RESPONSE_TOO_LARGE, CIRCUIT_OPEN, HTTP_<status>)",
        labelNames: ["service", "code"] as const,
      }),
  );

const upstreamDuration = () =>
  metric(
    "upstream_request_duration_seconds",
    () =>
      new Histogram({
        name: "upstream_request_duration_seconds",
        help: "Time an upstream call took (calls that went out), by service",
        labelNames: ["service"] as const,
        buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      }),
  );

/** The circuit breaker's states as the gauge reports them. */
const BREAKER_STATE_VALUES = { closed: 0, "half-open": 1, open: 2 } as const;

type RequestLabels = { route: string; method: string; status: string };

/** Requests timed and not yet observed: emptied into the histogram in batches and on a read. */
const timed: { labels: RequestLabels[]; seconds: number[] } = { labels: [], seconds: [] };

/** Timed requests are observed this many at a time, or when the histogram is read. */
const OBSERVE_EVERY = 512;

/**
 * Records a request's duration. prom-client's `observe` validates and hashes the labels on every
 * call: observed together, between requests they cost the hot path a fraction of it.
 */
export function recordHttpRequest(labels: RequestLabels, seconds: number): void {
  // The histogram exists (and empties what is kept when it is read) from the first request on.
  if (timed.seconds.length === 0) httpDuration();
  timed.labels.push(labels);
  timed.seconds.push(seconds);
  if (timed.seconds.length >= OBSERVE_EVERY) observeTimedRequests();
}

function observeTimedRequests(): void {
  const { labels, seconds } = timed;
  if (seconds.length === 0) return;
  const histogram = httpDuration();
  for (let i = 0; i < seconds.length; i++) histogram.observe(labels[i]!, seconds[i]!);
  labels.length = 0;
  seconds.length = 0;
}

export type UpstreamCacheResult = "fresh" | "stale" | "miss" | "stale_if_error";

export function recordUpstreamCache(result: UpstreamCacheResult): void {
  upstreamCacheLookups().inc({ result });
}

/** One upstream call: `code` is null when it worked; `seconds` is null when it never went out. */
export function recordUpstreamCall(
  service: string,
  code: string | null,
  seconds: number | null,
): void {
  upstreamRequests().inc({ service });
  if (code !== null) upstreamErrors().inc({ service, code });
  if (seconds !== null) upstreamDuration().observe({ service }, seconds);
}

type BreakerState = keyof typeof BREAKER_STATE_VALUES;
type BreakerRead = (family: UpstreamFamily) => BreakerState;
type BreakerGauge = Gauge<"family"> & { readState?: BreakerRead };

function setBreakerStates(gauge: Gauge<"family">, read: BreakerRead): void {
  for (const family of UPSTREAM_FAMILIES) gauge.set({ family }, BREAKER_STATE_VALUES[read(family)]);
}

/**
 * `upstream_circuit_state{family}`: 0 closed, 1 half-open, 2 open — one series per endpoint family
 * (app/upstream/families.ts), read from the breakers at each scrape. The last reader given wins
 * (there is one process-wide upstream client).
 */
export function observeBreaker(state: BreakerRead): void {
  const gauge: BreakerGauge = metric(
    "upstream_circuit_state",
    () =>
      new Gauge({
        name: "upstream_circuit_state",
        help: "The upstream circuit breaker of each endpoint family: 0 closed, 1 half-open (one trial call allowed), 2 open (calls fail at once)",
        labelNames: ["family"] as const,
        collect() {
          const read = (this as BreakerGauge).readState;
          if (read) setBreakerStates(this, read);
        },
      }),
  );
  gauge.readState = state;
  setBreakerStates(gauge, state);
}

const READINESS_REASONS: readonly ReadinessReason[] = ["upstream", "cache", "upstream-unavailable"];

/**
 * `readiness_reason{reason}`: 1 for the reason of the last `/readyz` verdict, 0 for the others —
 * the detail `/readyz` itself no longer tells the public (upstream, cache: ready;
 * upstream-unavailable: not ready). No series until the first check.
 */
export function recordReadiness(reason: ReadinessReason): void {
  const gauge = metric(
    "readiness_reason",
    () =>
      new Gauge({
        name: "readiness_reason",
        help: "Why the last readiness check (/readyz) decided as it did: 1 for its reason (upstream or cache: ready; upstream-unavailable: not ready), 0 for the others",
        labelNames: ["reason"] as const,
      }),
  );
  for (const each of READINESS_REASONS) gauge.set({ reason: each }, each === reason ? 1 : 0);
}

let defaultsStarted = false;

/** Node's process metrics (CPU, memory, event loop lag, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsStarted || register.getSingleMetric("process_cpu_user_seconds_total")) return;
  defaultsStarted = true;
  collectDefaultMetrics();
}

/** The registry's text exposition and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

const codeGuessAlerts = () =>
  metric(
    "code_guesses_over_site_limit_total",
    () =>
      new Counter({
        name: "code_guesses_over_site_limit_total",
        help: "Codes checked while their kind's wrong guesses from every address together were over CODE_GUESS_GLOBAL_LIMIT in the window (checked all the same: a sign of guessing from many addresses), by kind",
        labelNames: ["kind"] as const,
      }),
  );

/** A code of `kind` checked while the site-wide count of wrong ones is over its alert level. */
export function recordCodeGuessAlert(kind: string): void {
  codeGuessAlerts().inc({ kind });
}
