import type { RequestHandler, Response } from "express";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { sendErrorPage } from "~/layout/error-page.server";
import type { LimiterName } from "~/redis/keys";
import { addressKey } from "./limits/address";
import { Allowance, type Take } from "./limits/allowance.server";

/**
 * The limits on requests that are no form post (the form posts' own limit is asked where each
 * form is handled: form-limit.server.ts): those asked before Remix, as middleware, and the
 * search page's, asked by its loader. Counted by rate-limiter-flexible, in Redis when REDIS_URL
 * is set (limits/allowance.server.ts).
 */

/** The order status poll's limit per IP and minute: a pending page asks 5 times in a minute. */
const STATUS_POLL_LIMIT = 30;

/**
 * Per-IP limit on `GET /payment-status` (each request asks the upstream up to twice): over it,
 * 429 with an empty JSON answer and Retry-After. The outcome page's own polling stays far below.
 */
export function statusPollRateLimit(limit = STATUS_POLL_LIMIT): RequestHandler {
  return perAddressAMinute("status-poll", limit, (_req, res) => {
    res.status(429).set("Cache-Control", PRIVATE_NO_STORE).json({ order: null });
  });
}

/**
 * Download hand-offs per address and minute: a visitor follows one or two links (and the browser
 * keeps each redirect for five minutes), a whole office behind one address still far fewer.
 */
const DOWNLOAD_HAND_OFF_LIMIT = 30;

/**
 * Per-address limit on the download hand-off (`/api/{provider}/{product}-download/`, each a call
 * to the provider service): over it, 429 with the error page, never stored, and Retry-After. It
 * keeps one address from making the upstream's download endpoint fail for everyone.
 */
export function downloadHandOffRateLimit(limit = DOWNLOAD_HAND_OFF_LIMIT): RequestHandler {
  return perAddressAMinute("download-hand-off", limit, (req, res) =>
    sendErrorPage(req, res, 429, { "Cache-Control": PRIVATE_NO_STORE }),
  );
}

/**
 * Searches per address and window (`SEARCH_RATE_LIMIT`, 60 a minute): a person searching, even
 * several behind one office or carrier address, makes a few a minute. Each distinct text is an
 * upstream call and an answer in the upstream cache's search area, so a script making hundreds a
 * minute is stopped here.
 */
const searches = new Allowance("search", {
  limit: () => getConfig().searchRateLimit.limit,
  windowMs: () => getConfig().searchRateLimit.windowMs,
});

/**
 * Counts one search from an address (IPv6 by its /56). Asked by the search page's loader, which
 * answers the page and its `.data` request (Remix's single fetch) alike in every language: one
 * count per search asked, whichever of them asks. Past the limit the page answers 429 with
 * `Retry-After` (the take's `msBeforeNext`), never stored; a search past it is still counted.
 */
export function countSearch(clientIp: string | undefined): Promise<Take> {
  return searches.count(addressKey(clientIp));
}

/**
 * The IETF draft's `RateLimit` / `RateLimit-Policy` fields (draft 7, as the site sent them
 * before) and, past the limit, `Retry-After` in seconds.
 */
export function setRateLimitHeaders(res: Response, limit: number, windowMs: number, take: Take) {
  const reset = Math.max(0, Math.ceil(take.msBeforeNext / 1000));
  res.set("RateLimit-Policy", `${limit};w=${Math.round(windowMs / 1000)}`);
  res.set("RateLimit", `limit=${limit}, remaining=${take.remaining}, reset=${reset}`);
  if (!take.allowed) res.set("Retry-After", String(reset));
}

/** `limit` requests a minute per address (IPv6 by its /56), answered by `handler` past it. */
export function perAddressAMinute(
  name: LimiterName,
  limit: number,
  handler: RequestHandler,
): RequestHandler {
  const allowance = new Allowance(name, { limit: () => limit, windowMs: () => 60_000 });
  return (req, res, next) => {
    allowance.count(addressKey(req.ip)).then((take) => {
      setRateLimitHeaders(res, limit, 60_000, take);
      if (take.allowed) return next();
      return handler(req, res, next);
    }, next);
  };
}
