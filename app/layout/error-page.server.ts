import type { ErrorRequestHandler, Request, Response } from "express";
import { getLanguage } from "~/i18n/languages";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { MESSAGES, type Messages } from "~/i18n/resources.server";
import { reportServerError } from "~/integrations/reporter.server";
import { log } from "~/observability/log.server";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type ErrorText = Messages["errors"];

/** The title and sentence of an error page, by status. */
function wordsFor(status: number, text: ErrorText): { title: string; detail: string } {
  const detail: Partial<Record<number, string>> = {
    400: text.badRequest,
    403: text.forbidden,
    405: text.methodNotAllowed,
    // A form body that does not declare its length.
    411: text.badRequest,
    413: text.payloadTooLarge,
    414: text.uriTooLong,
    415: text.unsupportedMediaType,
    429: text.tooManyRequests,
  };
  if (status === 404) return { title: text.notFoundTitle, detail: text.notFoundText };
  return { title: text.genericTitle, detail: detail[status] ?? text.undefinedError };
}

/**
 * A self-contained error page for answers outside Remix (refused requests, malformed URLs,
 * middleware errors), in the language of the path, with a sentence that fits the status.
 */
/** The error page's one stylesheet: the base Content-Security-Policy allows it by its hash. */
export const ERROR_PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;color:#142233;display:grid;place-items:center;min-height:90vh;margin:0;text-align:center;padding:16px}a{color:#fff;background:#0a6aab;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:700}";

export function renderErrorPage(pathname: string, status = 500): string {
  let lang: ReturnType<typeof splitLangPath>["lang"] = "en";
  try {
    lang = splitLangPath(pathname.slice(0, 64)).lang;
  } catch {
    // An unreadable path is shown in English.
  }
  const { title, detail } = wordsFor(status, MESSAGES[lang].errors);
  const text = MESSAGES[lang].errors;
  return `<!DOCTYPE html>
<html lang="${getLanguage(lang).iso}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<p><a href="${localizePath("/", lang)}">${escapeHtml(text.backHome)}</a></p>
</main>
</body>
</html>`;
}

/** Answers a request with the site's error page; nothing about the request is echoed. */
export function sendErrorPage(
  req: Request,
  res: Response,
  status: number,
  headers: Record<string, string> = {},
): void {
  res
    .status(status)
    .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .send(req.method === "HEAD" ? undefined : renderErrorPage(req.path, status));
}

/**
 * The last Express handler: any error that escaped (a malformed URL, a failing middleware) gets
 * the generic error page — a client error keeps its 4xx status, everything else is a 500 — and
 * never a stack trace.
 */
export const errorPageHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const candidate = Number(
    (error as { status?: unknown; statusCode?: unknown })?.status ??
      (error as { statusCode?: unknown })?.statusCode,
  );
  const status = candidate >= 400 && candidate < 500 ? candidate : 500;
  if (status >= 500) {
    const path = req.path.slice(0, 200);
    log.error(`Unhandled error for ${req.method} ${path}`, error);
    reportServerError(error, { method: req.method, path, aborted: req.destroyed });
  }
  sendErrorPage(req, res, status);
};
