import type { RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { rateLimitStore } from "~/redis/rate-limit-store.server";
import { FORM_FIELD } from "./schemas";

/** The `_form` field of a posted body (url-encoded; a multipart post counts as its own form). */
export function formIdOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body) || body.length === 0) return null;
  const text = body.toString("latin1");
  if (!text.includes(`${FORM_FIELD}=`)) {
    return text.includes(`name="${FORM_FIELD}"`) ? "multipart" : null;
  }
  const id = new URLSearchParams(text).get(FORM_FIELD);
  return id && /^[a-z-]{1,32}$/.test(id) ? id : "other";
}

/**
 * Per-IP limit on the site's form posts, counted per form (express-rate-limit; in memory, or
 * shared by every instance in Redis when REDIS_URL is set — see app/redis/fallback-store.ts).
 * A post over the limit is not refused here: it goes on marked `res.locals.rateLimited`, and the
 * form's action answers 429 with the page, the visitor's input and a localized message.
 * Runs after the POST guard, which has read the body (`req.body` is its raw bytes).
 */
export function formRateLimit(options: {
  limit: number;
  windowMs: number;
  store?: Store;
}): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    store: options.store ?? rateLimitStore("form"),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skip: (req) => req.method !== "POST" || formIdOf(req.body) === null,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? "unknown")} ${formIdOf(req.body)}`,
    handler: (_req, res, next) => {
      res.locals.rateLimited = true;
      next();
    },
    // Forwarded headers are trusted only as TRUST_PROXY says; their presence is no error.
    validate: { xForwardedForHeader: false },
  });
}

/** The order status poll's limit per IP and minute: a pending page asks 5 times in a minute. */
export const STATUS_POLL_LIMIT = 30;

/**
 * Per-IP limit on `GET /payment-status` (each request asks the upstream up to twice): over it,
 * 429 with an empty JSON answer and Retry-After. The outcome page's own polling stays far below.
 */
export function statusPollRateLimit(
  limit = STATUS_POLL_LIMIT,
  store: Store = rateLimitStore("status-poll"),
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    store,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? "unknown"),
    handler: (_req, res) => {
      res.status(429).set("Cache-Control", "private, no-store").json({ order: null });
    },
    validate: { xForwardedForHeader: false },
  });
}
