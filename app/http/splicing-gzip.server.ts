import {
  constants,
  crc32,
  createDeflateRaw,
  deflateRaw,
  deflateRawSync,
  type DeflateRaw,
} from "node:zlib";
import { COMPRESSION_OPTIONS } from "./compression.server";
import { FINAL_EMPTY_BLOCK, GZIP_HEADER } from "./gzip-parts.server";

/**
 * gzip for rendered pages that leaves out the compression of what is the same on every render:
 * the inline stylesheet (31 KB of the home page's 85) and the subtrees written from their HTML
 * (`Prerendered`: header, footer, the page's content). Each of those is a `HtmlFragment`,
 * compressed once into deflate blocks that end on a byte boundary; a response compresses only
 * the runs of bytes between them and copies the fragments' blocks in between. A run never refers
 * back to bytes its compressor did not see: each ends with a full flush, and a long one is
 * compressed on its own with the page's bytes before it as the dictionary (which the reader's
 * window holds too). The result is one ordinary gzip stream of exactly the bytes the page would
 * have had; only where it is cut into blocks differs.
 */

/** Pieces shorter than this are not worth a cut: they go through with the bytes around them. */
export const MIN_FRAGMENT_BYTES = 1024;

/** deflate's window: how far back a reader's copy may reach. */
const WINDOW = 16 * 1024;

/**
 * Runs at least this long are compressed with the page's bytes before them as the dictionary
 * (the reader's window holds them): the loader data repeats the text of the header, the footer
 * and the content, which are fragments before it. Shorter runs are not worth a compressor of
 * their own.
 */
const MIN_DICTIONARY_RUN = 4096;

/** The bytes between fragments: compressed per response at the middleware's level. */
const LIVE_OPTIONS = { level: COMPRESSION_OPTIONS.level ?? 4, flush: constants.Z_FULL_FLUSH };
/** Fragments are compressed once, so at the smallest size. */
const FRAGMENT_OPTIONS = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };

/** HTML that many responses carry word for word; its bytes and deflate blocks made when first used. */
export class HtmlFragment {
  private bytes: Buffer | undefined;
  private blocks: Buffer | undefined;

  constructor(readonly text: string) {}

  get raw(): Buffer {
    return (this.bytes ??= Buffer.from(this.text, "utf8"));
  }

  /** Deflate blocks of `raw` alone, ending with a sync flush (byte-aligned, not final). */
  get deflated(): Buffer {
    return (this.blocks ??= deflateRawSync(this.raw, FRAGMENT_OPTIONS));
  }
}

/** What a response's gzip needs of a fragment (the render's and the server's bundles differ). */
export interface SplicedFragment {
  readonly raw: Buffer;
  readonly deflated: Buffer;
}

/**
 * One response's gzip stream, chunk by chunk. `fragments` is read at every chunk: a render adds
 * the fragments it writes as it goes. A fragment is looked for in each chunk until found once;
 * one that a chunk boundary cuts, or that the page does not carry as is, is compressed with the
 * bytes around it.
 */
export class SplicingGzip {
  private crc = 0;
  private size = 0;
  private started = false;
  private stream: DeflateRaw | null = null;
  /** The page's last bytes before the current chunk (up to deflate's window). */
  private window: Buffer = Buffer.alloc(0);
  /** What the compressor put out since the last run's end. */
  private emitted: Buffer[] = [];
  private readonly found = new Set<SplicedFragment>();

  constructor(private readonly fragments: readonly SplicedFragment[]) {}

  /**
   * The gzip bytes for the page's next `chunk` (the header first). The runs between fragments are
   * compressed in the thread pool, side by side; the fragments' blocks are copied.
   */
  write(chunk: Buffer): Promise<Buffer> {
    const out: (Buffer | Promise<Buffer>)[] = [];
    if (!this.started) {
      this.started = true;
      out.push(GZIP_HEADER);
    }
    if (chunk.length > 0) {
      this.crc = crc32(chunk, this.crc);
      this.size += chunk.length;
      let from = 0;
      for (const [at, fragment] of this.locate(chunk)) {
        if (at > from) out.push(this.deflate(chunk, from, at));
        out.push(fragment.deflated);
        from = at + fragment.raw.length;
      }
      if (from < chunk.length) out.push(this.deflate(chunk, from, chunk.length));
      this.window =
        chunk.length >= WINDOW
          ? chunk.subarray(chunk.length - WINDOW)
          : Buffer.concat([this.window, chunk]).subarray(-WINDOW);
    }
    return Promise.all(out).then((parts) =>
      parts.length === 1 ? parts[0]! : Buffer.concat(parts),
    );
  }

  /** The end of the stream: an empty final block and the trailer (CRC-32, length mod 2³²). */
  end(): Buffer {
    const head = this.started ? [] : [GZIP_HEADER];
    this.started = true;
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(this.crc >>> 0, 0);
    trailer.writeUInt32LE(this.size >>> 0, 4);
    return Buffer.concat([...head, FINAL_EMPTY_BLOCK, trailer]);
  }

  /**
   * `chunk[from, to)` as deflate blocks of their own: each run is written with a full flush, so
   * its blocks end on a byte boundary and nothing after it refers back into it (a fragment may
   * come next). One compressor per response, in the thread pool; runs come out in order.
   */
  private deflate(chunk: Buffer, from: number, to: number): Promise<Buffer> {
    const piece = chunk.subarray(from, to);
    if (piece.length >= MIN_DICTIONARY_RUN && from + this.window.length > 0) {
      const dictionary =
        from >= WINDOW
          ? chunk.subarray(from - WINDOW, from)
          : Buffer.concat([this.window, chunk.subarray(0, from)]).subarray(-WINDOW);
      return new Promise((resolve, reject) =>
        deflateRaw(
          piece,
          { ...LIVE_OPTIONS, finishFlush: constants.Z_SYNC_FLUSH, dictionary },
          (error, out) => (error ? reject(error) : resolve(out)),
        ),
      );
    }
    const stream = (this.stream ??= this.open());
    return new Promise((resolve, reject) => {
      stream.write(piece, (error?: Error | null) => {
        if (error) return reject(error);
        const out = this.emitted.length === 1 ? this.emitted[0]! : Buffer.concat(this.emitted);
        this.emitted = [];
        resolve(out);
      });
    });
  }

  private open(): DeflateRaw {
    const stream = createDeflateRaw(LIVE_OPTIONS);
    stream.on("data", (bytes: Buffer) => this.emitted.push(bytes));
    // A failed write rejects its own promise.
    stream.on("error", () => undefined);
    return stream;
  }

  /** Frees the compressor (the response ended or went away). */
  close(): void {
    this.stream?.close();
    this.stream = null;
  }

  /** The fragments found in `chunk`, in order and not overlapping. */
  private locate(chunk: Buffer): [number, SplicedFragment][] {
    const hits: [number, SplicedFragment][] = [];
    for (const fragment of this.fragments) {
      if (this.found.has(fragment) || fragment.raw.length < MIN_FRAGMENT_BYTES) continue;
      if (fragment.raw.length > chunk.length) continue;
      const at = chunk.indexOf(fragment.raw);
      if (at !== -1) hits.push([at, fragment]);
    }
    if (hits.length === 0) return hits;
    hits.sort((a, b) => a[0] - b[0]);
    const kept: [number, SplicedFragment][] = [];
    let end = 0;
    for (const hit of hits) {
      if (hit[0] < end) continue;
      kept.push(hit);
      this.found.add(hit[1]);
      end = hit[0] + hit[1].raw.length;
    }
    return kept;
  }
}
