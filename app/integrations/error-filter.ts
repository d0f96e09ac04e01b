/**
 * Which browser errors error reporting sends (SPEC §8): router errors for duplicate navigation,
 * redirects and cancelled navigation are ignored. In Remix terms those are aborted fetches and
 * navigations (a newer click, a revalidation or the visitor leaving cancels the one in flight),
 * redirects thrown as 3xx Responses, and the "duplicate"/"cancelled"/"redirected" navigation
 * errors of client routers. Route error responses below 500 are pages the site shows on purpose
 * (not found, bad request), and Remix's "Unexpected Server Error" is the server's error, which
 * the server reports itself.
 */

/** Messages of cancelled or aborted work, in the words of each browser and router. */
const IGNORED_MESSAGES: readonly RegExp[] = [
  /the operation was aborted/i,
  /signal is aborted without reason/i,
  /the user aborted a request/i,
  /fetch is aborted/i,
  /\baborterror\b/i,
  /deferred data aborted/i,
  /\bquery(route)?\(\) call aborted/i,
  /navigation (was )?(cancell?ed|canceled|aborted)/i,
  /navigation cancell?ed from/i,
  /navigationduplicated/i,
  /avoided redundant navigation/i,
  /redirected when going from/i,
  /^unexpected server error$/i,
];

const IGNORED_NAMES = new Set(["AbortError", "AbortedDeferredError", "NavigationDuplicated"]);

function isRedirectStatus(status: unknown): boolean {
  return typeof status === "number" && status >= 300 && status < 400;
}

/**
 * The status of a thrown Response or of Remix's ErrorResponse (plain data: status, statusText,
 * internal); undefined for anything else.
 */
export function responseStatus(value: object): unknown {
  if (typeof Response !== "undefined" && value instanceof Response) return value.status;
  const candidate = value as { status?: unknown; statusText?: unknown; internal?: unknown };
  return typeof candidate.statusText === "string" && typeof candidate.internal === "boolean"
    ? candidate.status
    : undefined;
}

function isIgnoredMessage(message: string): boolean {
  return IGNORED_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when an error (or a rejected value) is worth a report. */
export function shouldReport(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  if (typeof error === "string") return !isIgnoredMessage(error);
  if (typeof error !== "object") return true;
  const status = responseStatus(error);
  // A redirect, or a page the site answers on purpose (404, 400): only a 5xx is a fault.
  if (status !== undefined) return !(typeof status === "number" && status < 500);
  // Remix's single-fetch redirect result ({ redirect, status }) if it ever escapes.
  const redirectLike = error as { redirect?: unknown; status?: unknown };
  if (typeof redirectLike.redirect === "string" && isRedirectStatus(redirectLike.status)) {
    return false;
  }
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (typeof name === "string" && IGNORED_NAMES.has(name)) return false;
  if (typeof message === "string" && isIgnoredMessage(message)) return false;
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === "object" && (cause as { name?: unknown }).name === "AbortError") {
    return false;
  }
  return true;
}
