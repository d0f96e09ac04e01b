import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * gzip for a cached page whose only per-response bytes are its CSP nonce: each fixed part is
 * compressed once, when the page is stored, into deflate blocks that end on a byte boundary
 * (a sync flush), so a response is just those blocks with the nonce in between as uncompressed
 * ("stored") blocks, closed by an empty final block and the gzip trailer. The result is one
 * ordinary gzip stream; no compression work is left for the request.
 */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
export const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export interface GzipParts {
  /**
   * The whole gzip stream of the parts joined by NUL bytes where the separator goes (each in a
   * stored block of its own), with that page's length in its trailer; a response copies it and
   * writes its separator and CRC in.
   */
  template: Buffer;
  /** Where each separator's bytes start in `template`. */
  slots: number[];
  separatorLength: number;
  /** CRC-32 of the page with NUL bytes in the separators' places. */
  baseCrc: number;
  /** Σ x^(8·kᵢ), kᵢ the bytes after separator i: carries a separator's CRC into the page's. */
  separatorWeight: number;
  /** CRC-32 of `separatorLength` NUL bytes. */
  zeroSeparatorCrc: number;
  /** Responses of this page written out and given back (`reuse`), for the next ones. */
  spares: Buffer[];
  /** Set by `dropSpares` when the page leaves the cache: it takes no buffer back then. */
  dropped: boolean;
}

/**
 * Bytes of given-back response buffers kept, all pages together. A fresh 20 KB buffer costs more
 * than everything else a cached answer does in JavaScript (its memory is new to the process), so
 * a written-out response's buffer is used again for the same page: only its nonces and CRC are
 * rewritten.
 */
export const MAX_SPARE_BYTES = 32 * 1024 * 1024;
let spareBytes = 0;

/*
 * The trailer's CRC-32 without reading the page again for every hit (~100 KB). A CRC is linear
 * over messages of one length but for a constant: crc(M) = L(M) ⊕ crc(0…0). The page with its
 * nonces differs from the page with NUL bytes in their places (Z) by the nonce N at a few places,
 * and N followed by k bytes contributes L(N)·x^(8k) modulo the CRC polynomial. So
 * crc(page) = crc(Z) ⊕ L(N)·Σ x^(8kᵢ), L(N) = crc(N) ⊕ crc(0…0): one CRC of the 24-byte nonce
 * and one product per response, whatever the number of nonces.
 */
const POLY = 0xedb88320; // reflected CRC-32 polynomial

/** a·b modulo the polynomial (bit-reflected, as the CRC itself). */
function multModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8·length) modulo the polynomial: the shift of `length` bytes appended after a CRC. */
function appendOperator(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 = 2^3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
  }
  return p;
}

const WINDOW = 32 * 1024;

/**
 * Compresses each part with everything before it as its dictionary, so a part can refer back to
 * earlier text as in one stream. Where the separator will go, the dictionary holds NUL bytes of
 * the separator's length. The separator differs between responses, so no part may refer into
 * those bytes: a reference can only match bytes equal to what the part holds, so a page with no
 * NUL byte is safe. A page that has one is compressed part by part without a dictionary —
 * larger, never wrong.
 */
export function precompress(parts: Buffer[], separatorLength: number, level = 9): GzipParts {
  const shareHistory = !parts.some((part) => part.includes(0));
  const gap = Buffer.alloc(separatorLength);
  let history = Buffer.alloc(0);
  const deflated = parts.map((part) => {
    const options = { level, finishFlush: constants.Z_SYNC_FLUSH };
    const out =
      history.length === 0
        ? deflateRawSync(part, options)
        : deflateRawSync(part, { ...options, dictionary: history });
    if (shareHistory) {
      history = Buffer.concat([history, part, gap]);
      if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
    }
    return out;
  });
  if (separatorLength > 0xffff) throw new Error("separator too long for one stored block");
  const gapBlock = Buffer.concat([storedBlockHeader(separatorLength), gap]);
  const pieces: Buffer[] = [GZIP_HEADER];
  const slots: number[] = [];
  let offset = GZIP_HEADER.length;
  let baseCrc = 0;
  deflated.forEach((block, i) => {
    if (i > 0) {
      pieces.push(gapBlock);
      slots.push(offset + 5);
      offset += gapBlock.length;
      baseCrc = crc32(gap, baseCrc);
    }
    pieces.push(block);
    offset += block.length;
    baseCrc = crc32(parts[i]!, baseCrc);
  });
  const rawLength = parts.reduce((sum, part) => sum + part.length, 0);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(baseCrc >>> 0, 0);
  trailer.writeUInt32LE((rawLength + slots.length * separatorLength) >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  let separatorWeight = 0;
  let after = 0;
  for (let i = parts.length - 1; i > 0; i--) {
    after += parts[i]!.length;
    separatorWeight ^= appendOperator(after);
    after += separatorLength;
  }
  return {
    template: Buffer.concat(pieces),
    slots,
    separatorLength,
    baseCrc,
    separatorWeight: separatorWeight >>> 0,
    zeroSeparatorCrc: crc32(gap),
    spares: [],
    dropped: false,
  };
}

/** The header of a stored (uncompressed) deflate block of `length` bytes (≤ 65535). */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

/**
 * The gzip stream of the parts joined by `separator`: a given-back response of this page, or a
 * copy of its template, with the separator and the CRC written in.
 */
export function gzipJoined(gz: GzipParts, separator: string): Buffer {
  let out = gz.spares.pop();
  if (out) spareBytes -= out.length;
  else {
    out = Buffer.allocUnsafe(gz.template.length);
    gz.template.copy(out);
  }
  if (gz.slots.length === 0) return out;
  if (Buffer.byteLength(separator) !== gz.separatorLength) {
    throw new Error(`separator must be ${gz.separatorLength} bytes`);
  }
  for (const slot of gz.slots) out.write(separator, slot, "utf8");
  const linear = (crc32(separator) ^ gz.zeroSeparatorCrc) >>> 0;
  out.writeUInt32LE((gz.baseCrc ^ multModP(gz.separatorWeight, linear)) >>> 0, out.length - 8);
  return out;
}

/**
 * Takes back a buffer `gzipJoined` made for this page, once the response that held it is written
 * out (its `finish`: the socket has taken every byte), for the page's next response; kept while
 * all pages' spares stay within `maxBytes`.
 */
export function reuse(gz: GzipParts, body: Buffer, maxBytes = MAX_SPARE_BYTES): void {
  if (gz.dropped || body.length !== gz.template.length) return;
  if (spareBytes + body.length > maxBytes) return;
  gz.spares.push(body);
  spareBytes += body.length;
}

/** Lets go of a page's spare buffers when it leaves the cache. */
export function dropSpares(gz: GzipParts): void {
  gz.dropped = true;
  for (const spare of gz.spares) spareBytes -= spare.length;
  gz.spares.length = 0;
}

/** Bytes held as spares (for tests and metrics). */
export function spareBytesHeld(): number {
  return spareBytes;
}
