/**
 * A page as the page cache keeps it and sends it again: which answers may be kept, the headers
 * replayed with them, the bodies compressed once (gzip when stored, brotli a moment later), and
 * the writing of a stored page (or a 304) in the coding the client takes best.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { isSharedCacheControl } from "~/http/cache-control";
import { codingFor, matchesTag, pageTag } from "./negotiation";

const gzipped = promisify(gzipCallback);
const brotlied = promisify(brotliCompress);

/** A rendered page as the page cache keeps it: one status, its headers, three codings. */
export interface StoredPage {
  status: number;
  /** Until then the page is fresh; after, it is re-rendered once and served stale meanwhile. */
  freshUntil: number;
  /** The page's own headers (REPLAYED, Vary with Accept-Encoding, ETag) as `[name, value, …]`. */
  headers: string[];
  /** The opaque part of the page's weak ETag (`W/"…"`), for `If-None-Match`. */
  tag: string;
  /** The page as sent, and compressed once when stored (brotli a moment later). */
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer | null };
}

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
    isSharedCacheControl(cacheControl) &&
    headers["set-cookie"] === undefined
  );
}

/** What a stored page counts against the cache's size: its three bodies and a little more. */
export function storedBytes(page: StoredPage): number {
  const { identity, gzip, br } = page.bodies;
  return 256 + identity.length + gzip.length + (br?.length ?? 0);
}

/** A Vary header value that includes `field` (as the `vary` package appends it). */
function varyWith(vary: string | undefined, field: string): string {
  if (!vary?.trim()) return field;
  const fields = vary.split(",").map((name) => name.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return vary;
  return `${vary}, ${field}`;
}

/**
 * Writes a stored page (or a 304 for a client that has it) with `head` before its own headers:
 * the same bytes for every visitor, in the coding the client takes best. Returns whether the page
 * itself was sent (false: a 304).
 */
export function writeStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  head: string[],
): boolean {
  for (const value of page.headers) head.push(value);
  if (page.status === 200 && matchesTag(req.headers["if-none-match"], page.tag)) {
    res.writeHead(304, head);
    res.end();
    return false;
  }
  const coding = codingFor(req.headers["accept-encoding"], page.bodies.br !== null);
  const body = page.bodies[coding]!;
  if (coding !== "identity") head.push("Content-Encoding", coding);
  head.push("Content-Length", String(body.length));
  // With headers set before (Express's middleware), writeHead adds these to them.
  res.writeHead(page.status, head);
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * The page to store for an answer: its replayed headers (Vary with Accept-Encoding added), a weak
 * ETag from its bytes, and its gzip body (brotli is added later, `brotli`).
 */
export async function storedPage(
  status: number,
  headers: Record<string, string>,
  identity: Buffer,
  freshUntil: number,
): Promise<StoredPage> {
  const stored: string[] = [];
  for (const name of REPLAYED) {
    if (name !== "vary" && headers[name] !== undefined) stored.push(name, headers[name]);
  }
  stored.push("Vary", varyWith(headers.vary, "Accept-Encoding"));
  const tag = pageTag(identity);
  stored.push("ETag", `W/"${tag}"`);
  const gzip = await gzipped(identity, { level: 9 });
  return { status, freshUntil, headers: stored, tag, bodies: { identity, gzip, br: null } };
}

/** A page's brotli body (quality 9): slower than gzip, so made after the page is stored. */
export function brotli(identity: Buffer): Promise<Buffer> {
  return brotlied(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}
