import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
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
 * The request as Remix sees it, pinned to the configured public origin: the URL is `SITE_URL`'s
 * origin and the request's path, so the `Host` / `X-Forwarded-*` headers a visitor sends never
 * reach a loader — nothing the app renders (canonical, hreflang, og, redirects) or caches can
 * carry another origin. A POST's body is the one the POST guard has already read within its
 * bound. The request is aborted when the visitor leaves before the answer was written.
 */
function pinnedRequest(req: ExpressRequest, res: ExpressResponse, site: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(pinnedHeaders(req.headers, site.host))) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = new Uint8Array(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  }
  // Concatenated, not resolved: a path such as `//host/x` stays a path on the site.
  return new Request(`${site.origin}${req.originalUrl}`, init);
}

/** Sends what Remix answered as it is: status, headers, and the body streamed. */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Serves the app through `@remix-run/node` behind the site's guards (decision 008): the request
 * it sees is `pinnedRequest`'s and each render runs inside `around` (the upstream budget). The
 * answer goes out through `answer`, given the render to call: the page cache's `handle`, which
 * answers from memory when it can and stores what may be shared; by default, render and send.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  siteUrl: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  answer?: (
    req: ExpressRequest,
    res: ExpressResponse,
    render: () => Promise<Response>,
  ) => Promise<void>;
  around?: <T>(work: () => Promise<T>) => Promise<T>;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const site = new URL(new URL(options.siteUrl).origin);
  const around = options.around ?? ((work) => work());
  const answer =
    options.answer ??
    (async (_req: ExpressRequest, res: ExpressResponse, render: () => Promise<Response>) =>
      sendResponse(res, await render()));
  return (req, res, next) => {
    const render = () =>
      around(() => handle(pinnedRequest(req, res, site), options.getLoadContext(req, res)));
    answer(req, res, render).catch(next);
  };
}
