import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getT } from "~/i18n/i18n.server";
import { getLanguage } from "~/i18n/languages";
import { TranslationProvider } from "~/i18n/react";
import { splitLangPath } from "~/i18n/paths";
import { NonceContext } from "~/security/nonce";

export const streamTimeout = 5_000;

const DOCUMENT_END = "</body></html>";

/**
 * React writes its HTML in ~2 KB pieces, and each piece would otherwise become its own gzip flush
 * and socket write. This gathers everything written in the same turn of the event loop into one
 * chunk, so a page goes out in a few large pieces and still streams when React has to wait.
 * It also keeps `</body></html>` for the very end: the loader data Remix streams after the shell
 * would otherwise land after `</html>`, which is not valid HTML.
 */
class Coalesce extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private heldEnd = false;

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
    if (this.heldEnd) this.push(DOCUMENT_END);
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    let chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    if (!this.heldEnd) {
      const text = chunk.toString("utf8");
      const at = text.lastIndexOf(DOCUMENT_END);
      if (at !== -1) {
        this.heldEnd = true;
        chunk = Buffer.from(text.slice(0, at) + text.slice(at + DOCUMENT_END.length), "utf8");
      }
    }
    if (chunk.length > 0) this.push(chunk);
  }
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    nonce: string;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JS visitors get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.nonce;
  const lang = splitLangPath(new URL(request.url).pathname).lang;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <TranslationProvider t={getT(lang)} iso={getLanguage(lang).iso}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={streamTimeout}
            nonce={nonce}
          />
        </TranslationProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new Coalesce();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error instanceof Error ? error.stack : error);
}
