import { isUpstreamError } from "~/upstream/errors";
import { responseStatus } from "./error-filter";

/**
 * Which server errors are reported (besides being logged): the unexpected ones. Not a request
 * the visitor abandoned, not a 4xx (a page that does not exist, a refused or malformed request),
 * and not an upstream's answer — an upstream refusal is part of the contract and an upstream
 * outage is answered from the cache or an error page; the upstream is watched on its own side,
 * and one outage must not become thousands of reports.
 */
export function shouldReportServerError(error: unknown, request: { aborted: boolean }): boolean {
  if (request.aborted) return false;
  if (error === null || typeof error !== "object") return error !== undefined && error !== null;
  if (isUpstreamError(error)) return false;
  const status =
    responseStatus(error) ?? (error as { status?: unknown; statusCode?: unknown }).status;
  const statusCode = status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === "number" && statusCode < 500) return false;
  return (error as { name?: unknown }).name !== "AbortError";
}
