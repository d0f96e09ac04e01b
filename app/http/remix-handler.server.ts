import {
  createRequestHandler as createRemixHandler,
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
function fetchHeaders(incoming: ExpressRequest["headers"], siteHost: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (name === "host" || name.startsWith("x-forwarded-")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  let host = siteHost;
  const origin = headers.get("origin");
  if (origin && origin !== "null") {
    try {
      host = new URL(origin).host;
    } catch {
      headers.delete("origin");
    }
  }
  headers.set("host", host);
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * The Fetch request Remix sees. Its URL is the configured public origin plus the request's path:
 * the `Host` and `X-Forwarded-*` headers a visitor sends never reach a loader, so nothing the app
 * renders (canonical, hreflang, og, redirects) or caches can carry another origin. The body is
 * the one the POST guard has already read within its bound.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  siteUrl: string,
): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = {
    method: req.method,
    headers: fetchHeaders(req.headers, new URL(siteUrl).host),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = new Uint8Array(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  }
  return new Request(siteUrl + req.originalUrl, init);
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  siteUrl: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Runs each request's handling inside it (the app's upstream budget). */
  around?: (work: () => Promise<Response>) => Promise<Response>;
}): RequestHandler {
  const handle = createRemixHandler(options.build, options.mode);
  const origin = new URL(options.siteUrl).origin;
  const around = options.around ?? ((work) => work());
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res, origin);
      const context = options.getLoadContext(req, res);
      const response = await around(() => handle(request, context));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
