import type {
  Request as ExpressRequest,
  NextFunction,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { acceptsGzip } from "./accept-encoding";
import { dropSpares, gzipJoined, precompress, reuse, type GzipParts } from "./gzip-parts.server";
import { capture, withNonce } from "./page-body.server";
import { keyInputOf, lookupKey, type KeyInput } from "./page-cache-key";

export interface PageCacheOptions {
  ttlMs: number;
  /** The most real pages (200s) kept. */
  maxEntries: number;
  /** The real pages' size in bytes (each page counts its raw and gzipped parts). */
  maxBytes: number;
  /** Pages larger than this are never stored. */
  maxEntryBytes: number;
  /** The 404s' own area (NOT_FOUND_AREA unless given): apart from the pages, and small. */
  notFound?: { maxEntries: number; maxBytes: number };
  /** Told of each look-up of a cacheable request (metrics). */
  onLookup?: (result: "hit" | "miss") => void;
}

interface Entry {
  status: number;
  /** Until then the page is fresh; after, it is re-rendered once and served stale meanwhile. */
  freshUntil: number;
  /** The page's own headers (REPLAYED, Vary with Accept-Encoding) as `[name, value, …]`. */
  headers: string[];
  /** The HTML (UTF-8), as one part. */
  parts: Buffer[];
  /** The same parts, gzipped once when stored. */
  gzip: GzipParts;
}

/**
 * Where stored 404s are kept: apart from the real pages and much smaller, so a flood of made-up
 * paths churns only this area and never evicts a page. A few hundred broken links still answer
 * from memory.
 */
export const NOT_FOUND_AREA = { maxEntries: 200, maxBytes: 4 * 1024 * 1024 } as const;

/** Requests that wait for one key's first render at most; more render for themselves. */
const MAX_WAITING = 256;

/**
 * Headers worth replaying, the page's own Content-Security-Policy among them (it names the page's
 * inline scripts by their hashes); everything per-request (Set-Cookie, Date) is made anew.
 */
const REPLAYED = [
  "content-type",
  "cache-control",
  "vary",
  "content-language",
  "x-robots-tag",
  "content-security-policy",
  "content-security-policy-report-only",
];

function keyInput(req: ExpressRequest): KeyInput {
  const q = req.originalUrl.indexOf("?");
  return keyInputOf(req, req.path, q === -1 ? "" : req.originalUrl.slice(q));
}

/**
 * A stored page may be replayed to anyone: public, HTML, no cookie set, a final status. A 404 is
 * kept only for a plain path (`key` has no query): a listing page past the last is not stored for
 * every number someone tries. Stored 404s live in their own small area (NOT_FOUND_AREA).
 */
export function isStorable(status: number, headers: Record<string, unknown>, key = ""): boolean {
  const cacheControl = String(headers["cache-control"] ?? "");
  const plainPath = !key.split("\n", 1)[0]!.includes("?");
  return (
    (status === 200 || (status === 404 && plainPath)) &&
    String(headers["content-type"] ?? "").startsWith("text/html") &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(no-store|private)\b/.test(cacheControl) &&
    headers["set-cookie"] === undefined
  );
}

function entryBytes(entry: Entry): number {
  let bytes = 256;
  for (const part of entry.parts) bytes += part.length;
  bytes += entry.gzip.template.length;
  return bytes;
}

/** A Vary header value that includes `field` (as the `vary` package appends it). */
export function varyWith(vary: string | undefined, field: string): string {
  if (!vary?.trim()) return field;
  const fields = vary.split(",").map((name) => name.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return vary;
  return `${vary}, ${field}`;
}

/** A stored page, as `lookup` finds it for `replay`. */
export type StoredPage = Entry;

/** The page cache's handlers and the quick path's way in (`pageCache`). */
export interface PageCache {
  serve: RequestHandler;
  store: RequestHandler;
  /** Forgets every page (a cache clear: they were built from the old content). */
  clear: () => void;
  /**
   * The page to answer a key (`lookupKey`) with, if any: fresh, or stale while another request
   * renders it again. Counts nothing.
   */
  lookup: (key: string) => StoredPage | undefined;
  /**
   * Answers with a stored page, sending `head` (`[name, value, …]`: the headers of this answer
   * alone) before the page's own; counted as a hit. Returns the gzip body sent, if any, for
   * `giveBack` once the response is written out.
   */
  replay: (
    req: IncomingMessage,
    res: ServerResponse,
    page: StoredPage,
    head: string[],
  ) => Buffer | null;
  /**
   * A body `replay` sent, written out (`finish`: the socket has taken every byte), given back to
   * be filled for the page's next answer.
   */
  giveBack: (page: StoredPage, body: Buffer) => void;
}

/**
 * An in-process cache of rendered pages for anonymous visitors, in front of Remix: a page is
 * rendered once per TTL, URL and page variant (page-variant.ts), then replayed with the
 * headers it was sent with, its Content-Security-Policy among them — gzipped once when stored, so a replay costs no compression. Only
 * responses the app itself marks public are kept, so personal or failed pages are always
 * rendered. When a page's TTL is over, the next request renders it again while the others are
 * answered with the stale copy (`X-Page-Cache: stale`, for at most another TTL): a busy page never
 * has every visitor rendering it at once, and a failed re-render leaves the last good page up. A
 * page not stored at all (after a start, a clear or an eviction) is rendered by one request while
 * the others asking for it wait for that render and get it from the cache.
 *
 * Two handlers: `serve` answers hits and goes before the compression middleware (a hit is already
 * gzipped and needs none of its per-response work); `store` goes after it, right before the app,
 * and keeps what the app sends for a key `serve` missed.
 */
export function pageCache(options: PageCacheOptions): PageCache {
  const area = (bounds: { maxEntries: number; maxBytes: number }) =>
    new LRUCache<string, Entry>({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      sizeCalculation: entryBytes,
      // A page is fresh for ttlMs, then kept as long again to be served while it is re-rendered.
      ttl: options.ttlMs * 2,
      dispose: (entry) => dropSpares(entry.gzip),
    });
  /** The real pages (200s). */
  const cache = area(options);
  /** The 404s, in an area of their own (NOT_FOUND_AREA): they never take a page's place. */
  const notFound = area(options.notFound ?? NOT_FOUND_AREA);
  /** Raised by clear(): a page whose render began before it is not stored. */
  let epoch = 0;
  /** Keys being rendered: the others asking for a stale page get the stale one. */
  const refreshing = new Set<string>();
  /**
   * GET renders running per key, the ones that may store the page (`store` keeps GETs only):
   * those asking for a page not stored at all wait for them (`waiting`), never for a HEAD's.
   */
  const storing = new Map<string, number>();
  /** Requests waiting for a key's first render, woken when a GET render of it closes. */
  const waiting = new Map<string, (() => void)[]>();
  const wake = (key: string) => {
    const waiters = waiting.get(key);
    if (!waiters) return;
    waiting.delete(key);
    for (const resume of waiters) resume();
  };
  /**
   * The page to answer `key` with: a fresh one, or a stale one while another request renders it
   * again. Undefined when this request must render (and then re-renders a stale page).
   */
  const lookup = (key: string): Entry | undefined => {
    const page = cache.get(key) ?? notFound.get(key);
    if (!page) return undefined;
    return Date.now() < page.freshUntil || refreshing.has(key) ? page : undefined;
  };
  const answer = (
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
    key: string,
    waited = false,
  ) => {
    const hit = lookup(key);
    if (!hit) {
      // No page at all while another request renders it (the first visits after a start, a
      // clear or an eviction): wait for that render once instead of rendering it again. If it
      // stored nothing (a failure, a page that may not be shared), each waiter renders its own.
      const waiters = storing.has(key) && !waited ? (waiting.get(key) ?? []) : null;
      if (waiters && waiters.length < MAX_WAITING) {
        waiters.push(() => {
          if (!res.destroyed) answer(req, res, next, key, true);
        });
        waiting.set(key, waiters);
        return;
      }
      options.onLookup?.("miss");
      // Until this render is stored (or fails), a stale copy answers the others.
      refreshing.add(key);
      const stores = req.method === "GET";
      if (stores) storing.set(key, (storing.get(key) ?? 0) + 1);
      res.once("close", () => {
        refreshing.delete(key);
        if (!stores) return;
        const running = (storing.get(key) ?? 1) - 1;
        if (running > 0) storing.set(key, running);
        else storing.delete(key);
        wake(key);
      });
      res.set("X-Page-Cache", "miss");
      res.locals.pageCacheKey = key;
      // A page that may be stored goes out as its replays will: gzip or nothing, never brotli.
      req.headers["accept-encoding"] = acceptsGzip(req.headers["accept-encoding"])
        ? "gzip"
        : "identity";
      return next();
    }
    const body = replay(req, res, hit, []);
    // Written out, the buffer serves the page's next answer (never before: the socket may still
    // be reading it).
    if (body) res.once("finish", () => giveBack(hit, body));
  };
  const replay = (req: IncomingMessage, res: ServerResponse, page: Entry, head: string[]) => {
    options.onLookup?.("hit");
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const body = gzip ? gzipJoined(page.gzip, "") : withNonce(page.parts, "");
    for (const value of page.headers) head.push(value);
    head.push("X-Page-Cache", Date.now() < page.freshUntil ? "hit" : "stale");
    if (gzip) head.push("Content-Encoding", "gzip");
    head.push("Content-Length", String(body.length));
    // With headers set before (Express's middleware), writeHead adds these to them.
    res.writeHead(page.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
    return gzip ? body : null;
  };
  const giveBack = (page: Entry, body: Buffer) => reuse(page.gzip, body);
  const serve: RequestHandler = (req, res, next) => {
    if (options.ttlMs <= 0) return next();
    const key = lookupKey(keyInput(req));
    if (typeof key === "string") return answer(req, res, next, key);
    if (key === null) return next();
    key.then((found) => (found === null ? next() : answer(req, res, next, found)), next);
  };
  const store: RequestHandler = (req, res, next) => {
    const key = res.locals.pageCacheKey as string | undefined;
    if (!key || req.method !== "GET") return next();
    const startedIn = epoch;
    capture(res, (body) => {
      // A page rendered across a clear was built from the old content.
      if (startedIn !== epoch) return;
      const headers = res.getHeaders() as Record<string, unknown>;
      if (!body || body.length > options.maxEntryBytes) return;
      if (!isStorable(res.statusCode, headers, key)) return;
      const replayed: string[] = [];
      for (const name of REPLAYED) {
        if (name !== "vary" && headers[name] !== undefined) {
          replayed.push(name, String(headers[name]));
        }
      }
      const vary = headers.vary === undefined ? undefined : String(headers.vary);
      replayed.push("Vary", varyWith(vary, "Accept-Encoding"));
      const parts = [body];
      // A key is in one area at a time: a page that now exists (or is gone) replaces its old answer.
      const [into, other] = res.statusCode === 404 ? [notFound, cache] : [cache, notFound];
      other.delete(key);
      into.set(key, {
        status: res.statusCode,
        freshUntil: Date.now() + options.ttlMs,
        headers: replayed,
        parts,
        gzip: precompress(parts, 0),
      });
    });
    next();
  };
  const clear = () => {
    epoch += 1;
    cache.clear();
    notFound.clear();
  };
  return { serve, store, clear, lookup, replay, giveBack };
}
