import type { Response as ExpressResponse } from "express";

/**
 * A rendered page's body as the page cache keeps it: what the app sends, collected as it goes
 * out (`capture`), cut where the response's CSP nonce stood (`splitAt`) and joined again around
 * another response's nonce (`withNonce`).
 */

/** A chunk given to `res.write`/`res.end` as bytes (a string in its encoding, utf8 by default). */
export function chunkBytes(chunk: unknown, encoding?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  return Buffer.from(
    String(chunk),
    typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
  );
}

/** Bodies larger than this are not collected (`onDone` gets null): such a page is not stored. */
const MAX_CAPTURED = 5_000_000;

/** Collects what `res` sends and hands it to `onDone` when the response ends. */
export function capture(res: ExpressResponse, onDone: (body: Buffer | null) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = chunkBytes(chunk, encoding);
    size += buffer.length;
    if (size > MAX_CAPTURED) overflow = true;
    else chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ExpressResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ExpressResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    onDone(overflow ? null : Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as ExpressResponse["end"];
}

/** `body` cut at every `separator` (copies: the parts outlive the body). */
export function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(Buffer.from(body.subarray(from, at)));
    from = at + separator.length;
  }
  parts.push(Buffer.from(body.subarray(from)));
  return parts;
}

/** The parts joined with `nonce` between them. */
export function withNonce(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const separator = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
