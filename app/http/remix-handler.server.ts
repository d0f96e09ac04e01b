import { Readable } from "node:stream";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";

/**
 * The request's headers, less the forwarded-host ones, with `Host` set to the origin the POST
 * guard has already verified (or the configured one): Remix's own Origin-vs-Host check then
 * agrees with ours instead of failing a genuine post as a 500.
 */
function pinnedHeaders(incoming: ExpressRequest["headers"], siteHost: string) {
  const headers: ExpressRequest["headers"] = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (name === "host" || name.startsWith("x-forwarded-")) continue;
    headers[name] = value;
  }
  let host = siteHost;
  const origin = headers.origin;
  if (origin && origin !== "null") {
    try {
      host = new URL(origin).host;
    } catch {
      delete headers.origin;
    }
  }
  headers.host = host;
  return headers;
}

/**
 * The request as `@remix-run/express` reads it, pinned to the configured public origin: it
 * builds the URL from `protocol`, `hostname` and the `Host` port, so those are `SITE_URL`'s and
 * the `Host` / `X-Forwarded-*` headers a visitor sends never reach a loader — nothing the app
 * renders (canonical, hreflang, og, redirects) or caches can carry another origin. A POST's body
 * is the one the POST guard has already read within its bound, streamed again from memory.
 */
export function pinnedRequest(req: ExpressRequest, site: URL): ExpressRequest {
  const headers = pinnedHeaders(req.headers, site.host);
  const fields = {
    method: req.method,
    originalUrl: req.originalUrl,
    url: req.url,
    path: req.path,
    ip: req.ip,
    headers,
    protocol: site.protocol.slice(0, -1),
    hostname: site.hostname,
    secure: site.protocol === "https:",
    // The adapter takes the port from `X-Forwarded-Host`, else `Host`: the site's own.
    get: (name: string) => (name.toLowerCase() === "host" ? site.host : undefined),
  };
  if (req.method === "GET" || req.method === "HEAD") {
    return fields as unknown as ExpressRequest;
  }
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  return Object.assign(Readable.from([body]), fields) as unknown as ExpressRequest;
}

/**
 * Serves the app through `@remix-run/express` behind the site's guards (decision 008): the request
 * it sees is `pinnedRequest`'s, and each one runs inside `around` (the upstream budget).
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  siteUrl: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  around?: <T>(work: () => Promise<T>) => Promise<T>;
}): RequestHandler {
  const handle = createRequestHandler({
    build: options.build,
    mode: options.mode,
    getLoadContext: options.getLoadContext,
  });
  const site = new URL(new URL(options.siteUrl).origin);
  const around = options.around ?? ((work) => work());
  return (req, res, next) => {
    void around(() => handle(pinnedRequest(req, site), res, next));
  };
}
