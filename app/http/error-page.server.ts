import type { ErrorRequestHandler } from "express";
import { getLanguage } from "~/i18n/languages";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { MESSAGES } from "~/i18n/resources.server";
import { log } from "~/log.server";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained error page for failures outside Remix (malformed URLs, middleware errors). */
export function renderErrorPage(pathname: string): string {
  let lang: ReturnType<typeof splitLangPath>["lang"] = "en";
  try {
    lang = splitLangPath(pathname).lang;
  } catch {
    // An unreadable path is shown in English.
  }
  const text = MESSAGES[lang].errors;
  return `<!DOCTYPE html>
<html lang="${getLanguage(lang).iso}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.genericTitle)}</title>
<style>body{font-family:system-ui,sans-serif;color:#142233;display:grid;place-items:center;min-height:90vh;margin:0;text-align:center;padding:16px}a{color:#fff;background:#0a6aab;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:700}</style>
</head>
<body>
<main>
<h1>${escapeHtml(text.genericTitle)}</h1>
<p>${escapeHtml(text.undefinedError)}</p>
<p><a href="${localizePath("/", lang)}">${escapeHtml(text.backHome)}</a></p>
</main>
</body>
</html>`;
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
  if (status >= 500) log.error(`Unhandled error for ${req.method} ${req.originalUrl}`, error);
  res
    .status(status)
    .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
    .send(renderErrorPage(req.path));
};
