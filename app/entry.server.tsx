import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { HtmlStream } from "~/render/html-stream.server";
import { matchesTag, pageTag } from "~/http/page-tag.server";
import { reportServerError } from "~/integrations/reporter.server";
import { log } from "~/observability/log.server";
import { getT } from "~/i18n/i18n.server";
import { getLanguage } from "~/i18n/languages";
import { TranslationProvider } from "~/i18n/react";
import { splitLangPath } from "~/i18n/paths";
import { OwnScriptsContext } from "~/security/own-scripts";
import { NotedRemixServer, ownScriptNotes } from "~/security/own-scripts.server";
import { pageIntegrationsOf } from "~/security/page-integrations";

/**
 * The site's server (the Express pipeline in front of Remix, app/server/site.server.ts): the
 * launcher, server.ts, reads it from the build (`build.entry.module`), so it runs in this module
 * graph with the routes (decision 029).
 */
export { createSite, startSite } from "~/server/site.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { pathname } = new URL(request.url);
  const lang = splitLangPath(pathname).lang;

  // Every document is sent whole, once rendered: its Content-Security-Policy names the hashes of
  // the inline scripts the site wrote into it, noted as Remix's components wrote them (never read
  // back from the HTML, where a script that came with the content would look the same), and no
  // per-response nonce, so the same page is the same bytes and headers for every visitor and a
  // shared cache may keep it. The page writes no <style>: its stylesheet is a linked file.
  const ownScripts = ownScriptNotes();
  // The third parties the page loads (the wallet, on the wallet page): their hosts are this
  // page's alone.
  const integrations = pageIntegrationsOf(
    remixContext.staticHandlerContext.matches.map(
      (match) => remixContext.routeModules[match.route.id]?.handle,
    ),
  );
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      const chunks: Buffer[] = [];
      const body = new HtmlStream();
      body.on("data", (chunk: Buffer) => chunks.push(chunk));
      body.on("error", reject);
      body.on("end", () => {
        const page = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const csp = loadContext.documentCsp;
        if (csp) {
          const policy = csp.policy({
            scripts: ownScripts.hashes(),
            integrations,
          });
          responseHeaders.set(csp.header, policy);
        }
        if (responseStatusCode === 200) {
          // A client (or shared cache) that has this very page is told so, without it.
          const tag = pageTag(page);
          responseHeaders.set("ETag", tag);
          if (matchesTag(request.headers.get("if-none-match"), tag)) {
            resolve(new Response(null, { headers: responseHeaders, status: 304 }));
            return;
          }
        }
        resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
      });
      pipe(body);
    };
    // Stops a render that is still waiting after the stream timeout. Cleared once everything has
    // rendered: a pending timer would keep the finished render (and its output) alive until then.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <OwnScriptsContext.Provider value={ownScripts.note}>
        <TranslationProvider t={getT(lang)} iso={getLanguage(lang).iso}>
          <NotedRemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />
        </TranslationProvider>
      </OwnScriptsContext.Provider>,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timer);
          respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
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
