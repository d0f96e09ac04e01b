import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { keyInputOf, lookupKey, type KeyInput } from "./page-cache-key";
import { sendResponse } from "./remix-handler.server";
import {
  brotli,
  isStorable,
  storedBytes,
  storedPage,
  writeStored,
  type StoredPage,
} from "./stored-page.server";

export interface PageCacheOptions {
  ttlMs: number;
  /** The most real pages (200s) kept. */
  maxEntries: number;
  /** The real pages' size in bytes (each page counts its plain, gzip and brotli bodies). */
  maxBytes: number;
  /** Pages larger than this are never stored. */
  maxEntryBytes: number;
  /** The 404s' own area (NOT_FOUND_AREA unless given): apart from the pages, and small. */
  notFound?: { maxEntries: number; maxBytes: number };
  /** Told of each look-up of a cacheable request (metrics). */
  onLookup?: (result: "hit" | "miss") => void;
}

/**
 * Where stored 404s are kept: apart from the real pages and much smaller, so a flood of made-up
 * paths churns only this area and never evicts a page. A few hundred broken links still answer
 * from memory.
 */
export const NOT_FOUND_AREA = { maxEntries: 200, maxBytes: 4 * 1024 * 1024 } as const;

/** Requests that wait for one key's first render at most; more render for themselves. */
const MAX_WAITING = 256;

function keyInput(req: ExpressRequest): KeyInput {
  const q = req.originalUrl.indexOf("?");
  return keyInputOf(req, req.path, q === -1 ? "" : req.originalUrl.slice(q));
}

/** The page cache's way in for the Remix handler and for the quick path (`pageCache`). */
export interface PageCache {
  /**
   * Answers a request with a stored page (or a 304) when there is one; else waits for a render
   * of the same page already running, or calls `render` (the Remix handler's answer) and sends
   * what it returns — storing it first (plain, gzip, brotli) when it may be shared, and sending
   * it as its replays will be. Rejects when `render` does.
   */
  handle: (
    req: ExpressRequest,
    res: ExpressResponse,
    render: () => Promise<Response>,
  ) => Promise<void>;
  /** Forgets every page (a cache clear: they were built from the old content). */
  clear: () => void;
  /**
   * The page to answer a key (`lookupKey`) with, if any: fresh, or stale while another request
   * renders it again. Counts nothing.
   */
  lookup: (key: string) => StoredPage | undefined;
  /**
   * Answers with a stored page, sending `head` (`[name, value, …]`: the headers of this answer
   * alone) before the page's own; counted as a hit.
   */
  replay: (req: IncomingMessage, res: ServerResponse, page: StoredPage, head: string[]) => void;
}

/**
 * An in-process cache of rendered pages for anonymous visitors, in front of Remix: a page is
 * rendered once per TTL, URL and page variant (page-variant.ts), then replayed with the headers
 * it was sent with, its Content-Security-Policy and ETag among them — compressed once when stored
 * (gzip, then brotli), so a replay costs no compression and is the same bytes for everyone, and a
 * client that has the page gets a 304. Only responses the app itself marks public are kept, so
 * personal or failed pages are always rendered. When a page's TTL is over, the next request
 * renders it again while the others are answered with the stale copy (`X-Page-Cache: stale`, for
 * at most another TTL): a busy page never has every visitor rendering it at once, and a failed
 * re-render leaves the last good page up. A page not stored at all (after a start, a clear or an
 * eviction) is rendered by one request while the others asking for it wait for that render and
 * get it from the cache.
 */
export function pageCache(options: PageCacheOptions): PageCache {
  const area = (bounds: { maxEntries: number; maxBytes: number }) =>
    new LRUCache<string, StoredPage>({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      sizeCalculation: storedBytes,
      // A page is fresh for ttlMs, then kept as long again to be served while it is re-rendered.
      ttl: options.ttlMs * 2,
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
   * GET renders running per key, the ones that may store the page (only a GET's answer is kept):
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
  const lookup = (key: string): StoredPage | undefined => {
    const page = cache.get(key) ?? notFound.get(key);
    if (!page) return undefined;
    return Date.now() < page.freshUntil || refreshing.has(key) ? page : undefined;
  };
  const replay = (req: IncomingMessage, res: ServerResponse, page: StoredPage, head: string[]) => {
    options.onLookup?.("hit");
    head.push("X-Page-Cache", Date.now() < page.freshUntil ? "hit" : "stale");
    writeStored(req, res, page, head);
  };
  /** Sends an answer the cache does not keep, as the app gave it. */
  const sendAsIs = (res: ExpressResponse, response: Response) => {
    // What the app did not mark shareable no cache keeps: a client navigation's data, an
    // action's answer, a redirect (a heuristic cache could otherwise keep a visitor's data).
    if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
    return sendResponse(res, response);
  };
  /** Sends a render of `key` begun in `startedIn`: stored first when it may be shared. */
  const store = async (
    req: ExpressRequest,
    res: ExpressResponse,
    key: string,
    startedIn: number,
    response: Response,
  ) => {
    const headers: Record<string, string> = Object.fromEntries(response.headers.entries());
    const cookie = res.getHeader("set-cookie") ?? response.headers.get("set-cookie") ?? undefined;
    if (
      req.method !== "GET" ||
      !isStorable(response.status, { ...headers, "set-cookie": cookie }, key)
    ) {
      return sendAsIs(res, response);
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const page = await storedPage(response.status, headers, identity, Date.now() + options.ttlMs);
    // A page rendered across a clear is not kept; nor is a huge one.
    if (startedIn === epoch && identity.length <= options.maxEntryBytes) {
      // A key is in one area at a time: a page that now exists (or is gone) replaces its old one.
      const [into, other] = page.status === 404 ? [notFound, cache] : [cache, notFound];
      other.delete(key);
      into.set(key, page);
      // Brotli takes longer: the stored page gets it once it is ready (gzip meanwhile).
      brotli(identity).then(
        (br) => {
          if (into.peek(key) !== page) return;
          page.bodies.br = br;
          into.set(key, page, { ttl: Math.max(1, page.freshUntil + options.ttlMs - Date.now()) });
        },
        () => undefined,
      );
    }
    if (!res.destroyed) writeStored(req, res, page, []);
  };
  const answer = async (
    req: ExpressRequest,
    res: ExpressResponse,
    key: string,
    render: () => Promise<Response>,
  ): Promise<void> => {
    const hit = lookup(key);
    if (hit) return replay(req, res, hit, []);
    // No page at all while another request renders it (the first visits after a start, a clear
    // or an eviction): wait for that render once instead of rendering it again. If it stored
    // nothing (a failure, a page that may not be shared), each waiter renders its own.
    const waiters = storing.has(key) ? (waiting.get(key) ?? []) : null;
    if (waiters && waiters.length < MAX_WAITING) {
      await new Promise<void>((resume) => {
        waiters.push(resume);
        waiting.set(key, waiters);
      });
      if (res.destroyed) return;
      const stored = lookup(key);
      if (stored) return replay(req, res, stored, []);
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
    // A page whose render began before a clear was built from the old content.
    const startedIn = epoch;
    return store(req, res, key, startedIn, await render());
  };
  const handle = async (
    req: ExpressRequest,
    res: ExpressResponse,
    render: () => Promise<Response>,
  ): Promise<void> => {
    const key = options.ttlMs > 0 ? await lookupKey(keyInput(req)) : null;
    if (key === null) return sendAsIs(res, await render());
    return answer(req, res, key, render);
  };
  const clear = () => {
    epoch += 1;
    cache.clear();
    notFound.clear();
  };
  return { handle, clear, lookup, replay };
}
