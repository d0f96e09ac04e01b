import type { z } from "zod";
import { registerLocalCache } from "~/redis/local-caches.server";
import { getConfig } from "~/config/config.server";
import { redis } from "~/redis/connection.server";
import { upstreamService } from "~/observability/labels";
import {
  observeBreaker,
  recordUpstreamCache,
  recordUpstreamCall,
} from "~/observability/metrics.server";
import { CircuitBreaker, DEFAULT_BREAKER, type BreakerPolicy, type BreakerState } from "./breaker";
import { upstreamBudgetLeft } from "./budget.server";
import { cacheAreaOf } from "./cache-areas";
import { SwrCache } from "./cache.server";
import { UpstreamError } from "./errors";
import { upstreamFamily, type UpstreamFamily } from "./families";
import { RedisTier } from "./redis-tier.server";
import {
  BodyTooLarge,
  asBody,
  buildUpstreamUrl,
  cacheKey,
  readJson,
  type UpstreamQuery,
} from "./wire.server";

/** Every upstream call is abandoned after 20 seconds (SPEC §7). */
export const UPSTREAM_TIMEOUT_MS = 20_000;
/** No answer the site uses comes close; a larger (or endless) body is cut off, not buffered. */
const MAX_UPSTREAM_BYTES = 5 * 1024 * 1024;

export interface UpstreamAuth {
  authToken?: string | null;
  accessToken?: string | null;
}

export { buildUpstreamUrl };

export interface UpstreamRequest<S extends z.ZodTypeAny> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Path under `/api`, such as `/coms/site/`. */
  path: string;
  query?: UpstreamQuery;
  body?: unknown;
  auth?: UpstreamAuth | null;
  schema: S;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Serve the answer through the shared cache; never for calls that carry the visitor's tokens.
   * A GET is keyed by its path and query. A POST is cached only with an explicit `cacheKey`.
   */
  cache?: boolean;
  /**
   * For a POST that only reads (such as `sales/price-list/`): what its answer depends on,
   * e.g. the sorted purchase ids. The caller vouches that equal keys mean equal answers.
   */
  cacheKey?: string;
}

/**
 * One finished call: its path (under `/api`), its failure code — `TIMEOUT`, `NETWORK_ERROR`,
 * `ABORTED` (the visitor went away), `REQUEST_BUDGET` (the visitor's request ran out of upstream
 * time), `RESPONSE_TOO_LARGE`, `INVALID_JSON`, `INVALID_RESPONSE`, `CIRCUIT_OPEN` or
 * `HTTP_<status>` — or null when it worked, and how long it took (null: never sent).
 */
export interface UpstreamCall {
  path: string;
  code: string | null;
  seconds: number | null;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  cache?: SwrCache;
  fetch?: typeof fetch;
  now?: () => number;
  /** The policy of every family's circuit breaker (families.ts). */
  breakerPolicy?: BreakerPolicy;
  maxBodyBytes?: number;
  /** Told of every call (metrics). */
  onCall?: (call: UpstreamCall) => void;
}

export class UpstreamClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly breakerPolicy: BreakerPolicy;
  /** One breaker per endpoint family, made at its first call: one failing family stops no other. */
  private readonly breakers = new Map<UpstreamFamily, CircuitBreaker>();
  /** When each family last answered (any status below 500), by this client's clock. */
  private readonly lastAnswers = new Map<UpstreamFamily, number>();
  private readonly maxBodyBytes: number;
  private readonly onCall: ((call: UpstreamCall) => void) | undefined;
  readonly cache: SwrCache | undefined;

  constructor(options: UpstreamClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.now = options.now ?? Date.now;
    this.cache = options.cache;
    this.breakerPolicy = options.breakerPolicy ?? DEFAULT_BREAKER;
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_UPSTREAM_BYTES;
    this.onCall = options.onCall;
  }

  /** The state of one family's breaker (closed before its first call). */
  breakerState(family: UpstreamFamily): BreakerState {
    return this.breakers.get(family)?.state ?? "closed";
  }

  /** When the family last answered (any status below 500), by this client's clock; or null. */
  lastAnswerTime(family: UpstreamFamily): number | null {
    return this.lastAnswers.get(family) ?? null;
  }

  private breakerOf(family: UpstreamFamily): CircuitBreaker {
    let breaker = this.breakers.get(family);
    if (!breaker) {
      breaker = new CircuitBreaker(this.breakerPolicy);
      this.breakers.set(family, breaker);
    }
    return breaker;
  }

  async request<S extends z.ZodTypeAny>(req: UpstreamRequest<S>): Promise<z.output<S>> {
    const method = req.method ?? "GET";
    const hasTokens = Boolean(req.auth?.authToken || req.auth?.accessToken);
    if (req.cache && this.cache && !hasTokens) {
      if (method === "GET") {
        return this.cache.get(cacheKey(req.path, req.query), () => this.send(req, method));
      }
      if (method === "POST" && req.cacheKey !== undefined) {
        const key = `POST ${cacheKey(req.path, req.query)}#${req.cacheKey}`;
        return this.cache.get(key, () => this.send(req, method));
      }
    }
    return this.send(req, method);
  }

  private async send<S extends z.ZodTypeAny>(
    req: UpstreamRequest<S>,
    method: string,
  ): Promise<z.output<S>> {
    const url = buildUpstreamUrl(
      this.baseUrl,
      req.path,
      req.query,
      method === "GET" ? this.now() : null,
    );
    const headers = new Headers({ Accept: "application/json" });
    if (req.auth?.authToken) headers.set("X-Auth-Token", req.auth.authToken);
    if (req.auth?.accessToken) headers.set("X-Access-Token", req.auth.accessToken);
    let body: string | undefined;
    if (req.body !== undefined && method !== "GET") {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(req.body);
    }
    const family = upstreamFamily(req.path);
    const breaker = this.breakerOf(family);
    const started = performance.now();
    const report = (code: string | null, sent: boolean) =>
      this.onCall?.({
        path: req.path,
        code,
        seconds: sent ? (performance.now() - started) / 1000 : null,
      });
    /** The error to throw, reported (metrics) under `code`; `sent`: the call went out. */
    const failed = (
      code: string,
      status: number,
      detail: Record<string, unknown>,
      text: string,
      sent = true,
    ) => {
      report(code, sent);
      return new UpstreamError(status, detail, text);
    };
    // The call's own timeout, or less when the visitor's request has less left (budget.server.ts).
    const ownTimeoutMs = req.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
    const timeoutMs = Math.min(ownTimeoutMs, Math.floor(upstreamBudgetLeft()));
    if (timeoutMs <= 0) {
      throw failed(
        "REQUEST_BUDGET",
        504,
        { message: "TIMEOUT" },
        `Request out of time, not called: ${req.path}`,
        false,
      );
    }
    if (!breaker.allow()) {
      throw failed(
        "CIRCUIT_OPEN",
        503,
        { message: "UPSTREAM_UNAVAILABLE" },
        `Upstream failing (${family}), not called: ${req.path}`,
        false,
      );
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;

    let response: Response;
    let parsed: Awaited<ReturnType<typeof readJson>>;
    try {
      response = await this.fetchImpl(url, { method, headers, body, signal });
      parsed = await readJson(response, this.maxBodyBytes).catch((error: unknown) => {
        if (error instanceof BodyTooLarge) throw error;
        if (timeout.aborted) throw error;
        return { ok: false as const };
      });
    } catch (error) {
      // A visitor who went away says nothing about the upstream's health, nor does a call the
      // request's budget cut short (less than half its own timeout, as when earlier calls used
      // the rest); a call that waited longer without an answer is a timeout.
      const outOfBudget = timeout.aborted && timeoutMs < ownTimeoutMs / 2;
      if (req.signal?.aborted || outOfBudget) breaker.release();
      else breaker.failure();
      if (error instanceof BodyTooLarge) {
        const text = `Upstream answer over ${this.maxBodyBytes} bytes: ${req.path}`;
        throw failed("RESPONSE_TOO_LARGE", 502, { message: "RESPONSE_TOO_LARGE" }, text);
      }
      if (timeout.aborted) {
        const code = outOfBudget ? "REQUEST_BUDGET" : "TIMEOUT";
        throw failed(code, 504, { message: "TIMEOUT" }, `Upstream timed out: ${req.path}`);
      }
      const reason = error instanceof Error ? error.message : String(error);
      const code = req.signal?.aborted ? "ABORTED" : "NETWORK_ERROR";
      throw failed(code, 502, { message: "NETWORK_ERROR" }, `${req.path}: ${reason}`);
    }
    if (response.status >= 500) {
      breaker.failure();
    } else {
      breaker.success();
      this.lastAnswers.set(family, this.now());
    }

    if (!response.ok) {
      const answer = parsed.ok ? asBody(parsed.value) : {};
      const text = `Upstream answered ${response.status} for ${req.path}`;
      throw failed(`HTTP_${response.status}`, response.status, answer, text);
    }
    if (!parsed.ok) {
      throw failed(
        "INVALID_JSON",
        502,
        { message: "INVALID_JSON" },
        `Invalid JSON from ${req.path}`,
      );
    }
    const result = req.schema.safeParse(parsed.value);
    if (!result.success) {
      const issues = result.error.issues.slice(0, 5);
      const text = `Unexpected answer from ${req.path}`;
      throw failed("INVALID_RESPONSE", 502, { message: "INVALID_RESPONSE", issues }, text);
    }
    report(null, true);
    return result.data;
  }
}

let shared: UpstreamClient | undefined;

/** The process-wide client, configured from the environment, with its metrics (decision 017). */
export function upstream(): UpstreamClient {
  if (!shared) {
    const config = getConfig();
    // Several instances (REDIS_URL) share what they fetched behind each one's own cache, which
    // keeps content, site data, searches and prices in areas of their own (cache-areas.ts).
    const connection = redis();
    const cache = new SwrCache(
      { ...config.cache, areaOf: cacheAreaOf, onLookup: recordUpstreamCache },
      connection ? { tier: new RedisTier(connection) } : {},
    );
    registerLocalCache("upstream-cache", () => cache.clear());
    const provider = config.brand.provider;
    const client = new UpstreamClient({
      baseUrl: config.apiUrl,
      cache,
      onCall: ({ path, code, seconds }) =>
        recordUpstreamCall(upstreamService(path, provider), code, seconds),
    });
    observeBreaker((family) => client.breakerState(family));
    shared = client;
  }
  return shared;
}
