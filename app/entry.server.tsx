import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { HtmlStream } from "~/http/html-stream.server";
import { reportServerError } from "~/integrations/reporter.server";
import { log } from "~/log.server";
import { getT } from "~/i18n/i18n.server";
import { getLanguage } from "~/i18n/languages";
import { TranslationProvider } from "~/i18n/react";
import { splitLangPath } from "~/i18n/paths";
import { markForAfterPaint } from "~/render/after-paint.server";
import { PrerenderContext } from "~/render/Prerendered";
import { PrerenderSession } from "~/render/prerender.server";
import { NonceContext } from "~/security/nonce";
import { InlineCssContext, stylesheet } from "~/styles/AppStyles";
import { inlineCss, inlineCssFragment } from "~/styles/inline-css.server";

/**
 * Read by the Express server (server.ts) from the build's entry module: readiness needs this
 * bundle's upstream client (its breaker and cache), and the request budget this bundle's
 * AsyncLocalStorage; the server's own bundle shares neither.
 */
export { checkReadiness } from "~/upstream/readiness.server";
export { withRequestBudget } from "~/upstream/budget.server";

export const streamTimeout = 5_000;

/**
 * How long a browser's page waits, once its shell has rendered, for the rest (the loader data,
 * anything suspended) before the shell is sent on its own. Usually the rest is there within the
 * same few ticks and the page goes out in one piece: each separately flushed piece resets the
 * gzip dictionary (the home page: about 2 KB more) and costs a write.
 */
export const SHELL_WAIT_MS = 20;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JS visitors get the whole document at once; browsers get it streamed when the
  // rest of the page takes longer than SHELL_WAIT_MS.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.nonce;
  const { pathname } = new URL(request.url);
  const lang = splitLangPath(pathname).lang;

  // Subtrees rendered before are written from their HTML (production only: in development the
  // components change under the same data).
  const written = loadContext.htmlFragments;
  const prerender =
    process.env.NODE_ENV === "production"
      ? new PrerenderSession({ lang, pathname }, written)
      : null;
  const css = inlineCssFragment(stylesheet);
  if (css && written) written.push(css);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let responded = false;
    let failed = false;
    let shellWait: ReturnType<typeof setTimeout> | undefined;
    const respond = () => {
      if (responded) return;
      responded = true;
      // The subtrees this render had to render are taken from the page once it is complete.
      const body = new HtmlStream({
        // Hydration waits for the page's first paint (decision 019).
        rewrite: markForAfterPaint,
        onEnd: prerender?.learning
          ? (page) => {
              if (!failed) prerender.learn(page.toString("utf8"));
            }
          : undefined,
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    // Stops a render that is still waiting after the stream timeout. Cleared once everything has
    // rendered: a pending timer would keep the finished render (and its output) alive until then.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <PrerenderContext.Provider value={prerender}>
        <NonceContext.Provider value={nonce}>
          <InlineCssContext.Provider value={inlineCss(stylesheet)}>
            <TranslationProvider t={getT(lang)} iso={getLanguage(lang).iso}>
              <RemixServer
                context={remixContext}
                url={request.url}
                abortDelay={streamTimeout}
                nonce={nonce}
              />
            </TranslationProvider>
          </InlineCssContext.Provider>
        </NonceContext.Provider>
      </PrerenderContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (!waitForAll) shellWait = setTimeout(respond, SHELL_WAIT_MS);
        },
        onAllReady() {
          clearTimeout(timer);
          clearTimeout(shellWait);
          respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) {
            log.error("Rendering failed after the shell was sent", error);
            reportServerError(error, {
              method: request.method,
              path: pathname.slice(0, 200),
              aborted: request.signal.aborted,
            });
          }
        },
      },
    );
  });
}

/**
 * Errors from loaders, actions and rendering. A visitor who went away or a request Remix answers
 * as a 4xx by itself (no such route, no action) is not a server error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const path = new URL(request.url).pathname.slice(0, 200);
  log.error(`Unhandled error for ${request.method} ${path}`, error);
  // To the error reporter too, when SENTRY_DSN is set (never 4xx or upstream answers).
  reportServerError(error, { method: request.method, path, aborted: false });
}
