import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { acceptsGzip } from "./accept-encoding";
import { chunkBytes } from "./page-body.server";
import { SplicingGzip, type HtmlFragment } from "./splicing-gzip.server";

/**
 * Rendered pages gzipped by `SplicingGzip` (splicing-gzip.server.ts): what every render writes the
 * same is compressed once, the rest per response.
 */

/** Bodies below this are sent as they are (the `compression` middleware's default threshold). */
const THRESHOLD = 1024;

/** Whether a response about to send its headers is a page to gzip here. */
function gzipsHere(res: ServerResponse, extraArgs: boolean, bodyLength?: number): boolean {
  if (extraArgs) return false;
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return false;
  if (!/^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""))) return false;
  const encoding = res.getHeader("content-encoding");
  if (encoding !== undefined && String(encoding).toLowerCase() !== "identity") return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("cache-control") ?? ""))) {
    return false;
  }
  const declared = res.getHeader("content-length");
  const length = declared === undefined ? bodyLength : Number(declared);
  return length === undefined || !(length < THRESHOLD);
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Where a render lists the fragments it writes, for `htmlGzip` (GETs that take gzip). */
    htmlFragments?: HtmlFragment[];
  }
}

/**
 * Gzips the HTML pages of GET requests that take gzip (every browser), with `SplicingGzip`; the
 * list of fragments a render fills is `res.locals.htmlFragments`. Mounted after the `compression`
 * middleware, which then sees the Content-Encoding and leaves the page alone (it still adds
 * `Vary: Accept-Encoding`), and compresses everything else as before. A page gzipped here is gzip
 * whatever else the visitor takes: brotli cost more CPU per render than these gzip pieces, and
 * a cached page is gzip anyway.
 */
export function htmlGzip(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || !acceptsGzip(req.headers["accept-encoding"])) return next();
    const fragments: HtmlFragment[] = [];
    res.locals.htmlFragments = fragments;
    let gzip: SplicingGzip | null = null;
    let decided = false;
    let ended = false;
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    const write = res.write as (...args: unknown[]) => boolean;
    const end = res.end as (...args: unknown[]) => ServerResponse;
    const flush = (res as { flush?: () => void }).flush;
    const decide = (bodyLength?: number, extraArgs = false) => {
      if (decided || res.headersSent) return;
      decided = true;
      if (gzipsHere(res, extraArgs, bodyLength)) {
        const stream = new SplicingGzip(fragments);
        gzip = stream;
        res.once("close", () => stream.close());
        res.setHeader("Content-Encoding", "gzip");
        res.removeHeader("Content-Length");
      }
    };
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      decide(undefined, args.length > 1);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    // Each chunk's gzip bytes are written in order, as they come out of the thread pool; the end
    // (the trailer) waits for the last of them.
    let queue: Promise<unknown> = Promise.resolve();
    const fail = (error: unknown) => {
      if (!res.destroyed) res.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (gzip === null || ended) return write.call(this, chunk, ...rest);
      const callback = rest.find((value) => typeof value === "function") as
        (() => void) | undefined;
      const bytes = gzip.write(chunkBytes(chunk, rest[0]));
      bytes.catch(() => undefined); // failed: handled in turn below
      queue = queue
        .then(() => bytes)
        .then((out) => (res.destroyed ? undefined : write.call(res, out, callback)), fail);
      return true;
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      const body = typeof chunk === "function" || chunk == null ? undefined : chunk;
      if (!res.headersSent) {
        decide(body === undefined ? 0 : chunkBytes(body, rest[0]).length);
        if (gzip !== null) res.writeHead(res.statusCode);
      }
      if (gzip === null || ended) return end.call(this, chunk, ...rest);
      ended = true;
      const callback = [chunk, ...rest].find((value) => typeof value === "function");
      const stream = gzip;
      const last = body === undefined ? null : stream.write(chunkBytes(body, rest[0]));
      last?.catch(() => undefined);
      queue = queue
        .then(() => last)
        .then((out) => {
          if (res.destroyed) return;
          const tail = stream.end();
          stream.close();
          end.call(res, out ? Buffer.concat([out, tail]) : tail, callback);
        }, fail);
      return res;
    } as typeof res.end;
    // Remix flushes after every chunk; each chunk here is already out in full.
    (res as { flush?: () => void }).flush = () => {
      if (gzip === null) flush?.call(res);
    };
    next();
  };
}
