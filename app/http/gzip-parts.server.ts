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
  /** The parts themselves, for the CRC-32 of each response. */
  parts: Buffer[];
  /** Total length of the parts, without the separators. */
  rawLength: number;
  separatorLength: number;
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
    parts,
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
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      pieces.push(between);
      crc = crc32(sep, crc);
    }
    pieces.push(gz.deflated[i]!);
    crc = crc32(gz.parts[i]!, crc);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((gz.rawLength + (count - 1) * sep.length) >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}
