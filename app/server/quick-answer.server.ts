import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { logAnswer, requestIdOf, requestPath } from "~/observability/log.server";
import { requestRoute } from "~/observability/labels";
import { recordAnswered } from "~/observability/http-metrics.server";
import { hasMalformedCookie } from "~/http/cookies";
import { keyInputOf, lookupKey } from "./page-cache-key";
import type { PageCache } from "./page-cache.server";
import { checkRequestTarget } from "./request-target";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface QuickAnswerOptions {
  /** The page cache Express serves from (`pageCache`). */
  pages: Pick<PageCache, "lookup" | "replay">;
  /** False when the page cache is off (development, HTML_CACHE_TTL_SECONDS=0). */
  enabled: boolean;
  /** The site's own cookies, which the cookie guard clears when malformed. */
  ownCookies: readonly string[];
  /**
   * The security headers Express's `securityHeaders` sends on every response, as
   * `[name, value, …]` (a stored page carries its own Content-Security-Policy).
   */
  securityHeaders: readonly string[];
  log: Logger;
  /** The Remix route a path reaches (metric labels). */
  routeOf: () => (path: string) => string | null;
}

/**
 * The cache key of a request the quick path may answer, or null when it must go through Express:
 * anything but a plain GET or HEAD of a page — a request target the guard would redirect or
 * refuse, route discovery, a malformed cookie of the site's (the guard clears it), a word from a
 * proxy on the scheme (the https redirect reads it through TRUST_PROXY) — or a request the cache
 * would not answer (`lookupKey`).
 */
export function quickKey(req: IncomingMessage): string | null | Promise<string | null> {
  const { method = "", url = "" } = req;
  if (method !== "GET" && method !== "HEAD") return null;
  if (req.headers["x-forwarded-proto"] !== undefined) return null;
  if (url.includes("#") || checkRequestTarget(method, url).kind !== "ok") return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname === "/__manifest") return null;
  return lookupKey(keyInputOf(req, pathname, q === -1 ? "" : url.slice(q)));
}

/**
 * The page cache's hits answered before Express: a request for a stored page that needs none of
 * Express's work (`quickKey`) gets the same answer Express would give it — request id and log
 * line, metrics, the security headers, the stored page and its own policy — without a dozen
 * middleware layers. Every other request, and every miss, is handed to `app` untouched.
 */
export function quickAnswer(options: QuickAnswerOptions, app: Handler): Handler {
  if (!options.enabled) return app;
  /** Route labels of stored pages, found once per page. */
  const labels = new WeakMap<object, string>();
  const labelOf = (page: object, req: IncomingMessage) => {
    let label = labels.get(page);
    if (label === undefined) {
      const path = (req.url ?? "").split("?", 1)[0]!;
      label = requestRoute(path, options.routeOf()(path));
      labels.set(page, label);
    }
    return label;
  };
  const answer = (req: IncomingMessage, res: ServerResponse, key: string | null) => {
    const page = key === null ? undefined : options.pages.lookup(key);
    if (!page) return app(req, res);
    const timed = process.hrtime.bigint();
    const id = requestIdOf(req);
    const request = { id, method: req.method ?? "", path: requestPath(req), started: Date.now() };
    const head = [...options.securityHeaders, "X-Request-Id", id];
    options.pages.replay(req, res, page, head);
    // One listener does what Express's request logger, metrics and page cache each listen for.
    // "close" comes last: after "finish" (every byte taken by the socket), or when the client
    // left. The answer is one `end`, so no "error" can come first.
    res.on("close", () => {
      logAnswer(options.log, res, request);
      recordAnswered(request.method, res, labelOf(page, req), timed);
    });
  };
  return (req, res) => {
    let key: ReturnType<typeof quickKey>;
    try {
      const cookie = req.headers.cookie;
      if (cookie && hasMalformedCookie(cookie, options.ownCookies)) {
        return app(req, res);
      }
      key = quickKey(req);
    } catch {
      // Whatever it was, Express's guards answer it.
      return app(req, res);
    }
    if (key === null || typeof key === "string") return answer(req, res, key);
    key.then(
      (found) => answer(req, res, found),
      () => app(req, res),
    );
  };
}
