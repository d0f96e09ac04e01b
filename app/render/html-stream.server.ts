import { Transform, type TransformCallback } from "node:stream";
import type { DocumentSources } from "~/security/headers.server";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * React writes its HTML in ~2 KB pieces, and each piece would otherwise become its own gzip flush
 * and socket write. This gathers everything written in the same turn of the event loop into one
 * chunk, so a page goes out in a few large pieces and still streams when React has to wait.
 * It also keeps `</body></html>` for the very end: the loader data Remix streams after the shell
 * would otherwise land after `</html>`, which is not valid HTML. And it drops NUL bytes: React 18
 * pads a 2 KB piece with zeros when a multi-byte character does not fit at its end, and U+0000
 * never belongs in an HTML page.
 *
 * With `onEnd`, it also keeps what it sent and hands the whole page over once the stream ended.
 */
export class HtmlStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private heldEnd = false;
  private readonly sent: Buffer[] | null;
  private readonly onEnd: ((page: Buffer) => void) | undefined;

  constructor(options: { onEnd?: (page: Buffer) => void } = {}) {
    // Not destroyed once read to its end: React listens for the destination's `close` to abort a
    // render cut short, and on a finished one it would end the stream a second time (a Node error
    // built, stack and all, for every page).
    super({ autoDestroy: false });
    this.onEnd = options.onEnd;
    this.sent = options.onEnd ? [] : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    if (this.heldEnd) this.send(DOCUMENT_END);
    done();
    const { onEnd, sent } = this;
    if (onEnd && sent) setImmediate(() => onEnd(Buffer.concat(sent)));
  }

  private send(chunk: Buffer) {
    this.sent?.push(chunk);
    this.push(chunk);
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    let chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    if (!this.heldEnd) {
      // Bytes, not text: a chunk may begin or end inside a multi-byte character.
      const at = chunk.lastIndexOf(DOCUMENT_END);
      if (at !== -1) {
        this.heldEnd = true;
        chunk = Buffer.concat([chunk.subarray(0, at), chunk.subarray(at + DOCUMENT_END.length)]);
      }
    }
    if (chunk.includes(0)) chunk = withoutNul(chunk);
    if (chunk.length > 0) this.send(chunk);
  }
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The Content-Security-Policy a rendered document carries, from the hashes of the inline
     * scripts and styles the site wrote into it and the third parties it loads
     * (security/headers.server.ts); without it the document gets the base policy.
     */
    documentCsp?: { header: string; policy: (document: DocumentSources) => string };
    /** The visitor's address (as TRUST_PROXY allows), for rate limits and captcha checks. */
    clientIp?: string;
  }
}

function withoutNul(chunk: Buffer): Buffer {
  const out = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  for (const byte of chunk) if (byte !== 0) out[length++] = byte;
  return out.subarray(0, length);
}
