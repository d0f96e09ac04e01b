import type { RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { sendErrorPage } from "~/http/error-page.server";
import { rateLimitStore } from "~/redis/rate-limit-store.server";
import { formIdOf, isSharedAddressForm, type PostedFormId } from "./form-ids";

/**
 * A posted body read exactly as an action reads it: the Fetch `Request` parser behind
 * `request.formData()` (url-encoded with every escape decoded, or multipart), or null when that
 * parser refuses it (the action then answers 400).
 */
export async function readPostedForm(
  body: unknown,
  contentType: string | undefined,
): Promise<FormData | null> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  try {
    return await new Request("http://form.invalid/", {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "Content-Type": contentType ?? "application/x-www-form-urlencoded" },
    }).formData();
  } catch {
    return null;
  }
}

/** The form a raw posted body names, as its action will see it (`unknown` when none it knows). */
export async function postedFormId(
  body: unknown,
  contentType: string | undefined,
): Promise<PostedFormId> {
  return formIdOf(await readPostedForm(body, contentType));
}

export interface FormRateLimitOptions {
  /** Posts per address and window to a visitor form (newsletter, feedback, contact…), or none. */
  limit: number;
  /** Posts per address and window to a form of buying or signing in (form-ids.ts). */
  sharedLimit: number;
  windowMs: number;
  store?: Store;
}

/**
 * Per-address limit on the site's form posts, counted per form (express-rate-limit; in memory,
 * or shared by every instance in Redis when REDIS_URL is set — see app/redis/fallback-store.ts).
 * The form is read from the body as its action reads it; a post naming no form the site knows is
 * counted as `unknown`, a bucket of its own with the visitor forms' limit. The forms of buying
 * and signing in allow `sharedLimit` posts, since many buyers may share one address: what is
 * guessed through them is limited per target (app/forms/limits/).
 * A post over the limit is not refused here: it goes on marked `res.locals.rateLimited`, and the
 * form's action answers 429 with the page, the visitor's input and a localized message.
 * Runs after the POST guard, which has read the body (`req.body` is its raw bytes).
 */
export function formRateLimit(options: FormRateLimitOptions): RequestHandler[] {
  const identify: RequestHandler = (req, res, next) => {
    if (req.method !== "POST") return next();
    postedFormId(req.body, req.get("content-type")).then((id) => {
      res.locals.formId = id;
      next();
    }, next);
  };
  const formOf = (res: { locals: Record<string, unknown> }) => String(res.locals.formId);
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: (_req, res) => (isSharedAddressForm(formOf(res)) ? options.sharedLimit : options.limit),
    store: options.store ?? rateLimitStore("form"),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skip: (req) => req.method !== "POST",
    keyGenerator: (req, res) => `${ipKeyGenerator(req.ip ?? "unknown")} ${formOf(res)}`,
    handler: (_req, res, next) => {
      res.locals.rateLimited = true;
      next();
    },
    // Forwarded headers are trusted only as TRUST_PROXY says; their presence is no error.
    validate: { xForwardedForHeader: false },
  });
  return [identify, limiter];
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
  return perAddressAMinute(limit, store, (_req, res) => {
    res.status(429).set("Cache-Control", PRIVATE_NO_STORE).json({ order: null });
  });
}

/**
 * Download hand-offs per address and minute: a visitor follows one or two links (and the browser
 * keeps each redirect for five minutes), a whole office behind one address still far fewer.
 */
export const DOWNLOAD_HAND_OFF_LIMIT = 30;

/**
 * Per-address limit on the download hand-off (`/api/{provider}/{product}-download/`, each a call
 * to the provider service): over it, 429 with the error page, never stored, and Retry-After. It
 * keeps one address from making the upstream's download endpoint fail for everyone.
 */
export function downloadHandOffRateLimit(
  limit = DOWNLOAD_HAND_OFF_LIMIT,
  store: Store = rateLimitStore("download-hand-off"),
): RequestHandler {
  return perAddressAMinute(limit, store, (req, res) =>
    sendErrorPage(req, res, 429, { "Cache-Control": PRIVATE_NO_STORE }),
  );
}

/** `limit` requests a minute per address (IPv6 by its /56), answered by `handler` past it. */
function perAddressAMinute(limit: number, store: Store, handler: RequestHandler): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    store,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? "unknown"),
    handler,
    // Forwarded headers are trusted only as TRUST_PROXY says; their presence is no error.
    validate: { xForwardedForHeader: false },
  });
}
