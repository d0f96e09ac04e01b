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
  /** The CRC-32 of each part, and the operator that appends a part of its length to a CRC. */
  crcs: number[];
  appendOps: number[];
  /** The operator that appends a separator (the nonce) to a CRC. */
  separatorOp: number;
  /** Total length of the parts, without the separators. */
  rawLength: number;
  separatorLength: number;
}

/*
 * CRC-32 of a concatenation from the CRCs of its pieces, as zlib's crc32_combine: appending n
 * bytes multiplies the CRC by x^(8n) modulo the CRC polynomial, so crc(A‖B) = crc(A)·x^(8|B|) ⊕
 * crc(B). A response's trailer then costs a few dozen operations per part instead of reading the
 * whole page (~100 KB) again for every hit.
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

/** The operator x^(8·length): multiplying a CRC by it appends `length` bytes' worth of shift. */
export function appendOperator(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 = 2^3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
  }
  return p;
}

/** crc(A‖B) from crc(A), crc(B) and `appendOperator(|B|)`. */
export function crc32Combine(crcA: number, crcB: number, op: number): number {
  return (multModP(op, crcA) ^ crcB) >>> 0;
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
  return {
    deflated,
    crcs: parts.map((part) => crc32(part)),
    appendOps: parts.map((part) => appendOperator(part.length)),
    separatorOp: appendOperator(separatorLength),
    rawLength: parts.reduce((sum, part) => sum + part.length, 0),
    separatorLength,
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
      crc = crc32Combine(crc, sepCrc, gz.separatorOp);
    }
    pieces.push(gz.deflated[i]!);
    crc = i === 0 ? gz.crcs[0]! : crc32Combine(crc, gz.crcs[i]!, gz.appendOps[i]!);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((gz.rawLength + (count - 1) * sep.length) >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}
