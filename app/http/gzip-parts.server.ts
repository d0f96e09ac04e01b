import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * gzip for a cached page whose only per-response bytes are its CSP nonce: each fixed part is
 * compressed once, when the page is stored, into deflate blocks that end on a byte boundary
 * (a sync flush), so a response is just those blocks with the nonce in between as uncompressed
 * ("stored") blocks, closed by an empty final block and the gzip trailer. The result is one
 * ordinary gzip stream; no compression work is left for the request.
 */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export interface GzipParts {
  /** Raw deflate data of each part, sync-flushed (never final). */
  deflated: Buffer[];
  /** The CRC-32 of each part, and x^(8·length) mod P to move a CRC past it (crc32Combine). */
  crcs: number[];
  shifts: number[];
  /** Total length of the parts, without the separators. */
  rawLength: number;
  separatorLength: number;
  separatorShift: number;
}

/* CRC-32 arithmetic (the gzip polynomial, bit-reflected as zlib computes it): the CRC of A+B from
   the CRCs of A and B and the length of B, so a response's CRC costs a few multiplications
   instead of a pass over the whole page. */
const POLY = 0xedb88320;
const X0 = 0x80000000; // the polynomial 1

/** a·b modulo P. */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let bit = X0; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0…31. */
const X_POW_2K: number[] = [];
for (let k = 0, p = X0 >>> 1; k < 32; k++, p = multModP(p, p)) X_POW_2K.push(p);

/** x^(8·bytes) mod P: what a CRC is multiplied by to move it past `bytes` bytes. */
export function crcShift(bytes: number): number {
  let p = X0;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multModP(X_POW_2K[k % 32]!, p);
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crcShift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

const WINDOW = 32 * 1024;

/**
 * Compresses each part with everything before it as its dictionary, so a part can refer back to
 * earlier text as in one stream. Where the separator will go, the dictionary holds NUL bytes of
 * the separator's length: the page has no NUL bytes (the HTML stream drops them), so nothing can
 * refer into those bytes — the only ones that differ between responses.
 */
export function precompress(parts: Buffer[], separatorLength: number, level = 9): GzipParts {
  const gap = Buffer.alloc(separatorLength);
  let history = Buffer.alloc(0);
  const deflated = parts.map((part) => {
    const options = { level, finishFlush: constants.Z_SYNC_FLUSH };
    const out =
      history.length === 0
        ? deflateRawSync(part, options)
        : deflateRawSync(part, { ...options, dictionary: history });
    history = Buffer.concat([history, part, gap]);
    if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
    return out;
  });
  return {
    deflated,
    crcs: parts.map((part) => crc32(part)),
    shifts: parts.map((part) => crcShift(part.length)),
    rawLength: parts.reduce((sum, part) => sum + part.length, 0),
    separatorLength,
    separatorShift: crcShift(separatorLength),
  };
}

/** A stored (uncompressed) deflate block: byte-aligned after a sync flush, at most 65535 bytes. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0x00;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The gzip stream of `parts` joined by `separator`. */
export function gzipJoined(gz: GzipParts, separator: string): Buffer {
  const sep = Buffer.from(separator);
  const count = gz.deflated.length;
  if (count > 1 && sep.length !== gz.separatorLength) {
    throw new Error(`separator must be ${gz.separatorLength} bytes`);
  }
  if (sep.length > 0xffff) throw new Error("separator too long for one stored block");
  const between = storedBlock(sep);
  const sepCrc = crc32(sep);
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      pieces.push(between);
      crc = crc32Combine(crc, sepCrc, gz.separatorShift);
    }
    pieces.push(gz.deflated[i]!);
    crc = crc32Combine(crc, gz.crcs[i]!, gz.shifts[i]!);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((gz.rawLength + (count - 1) * sep.length) >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}
