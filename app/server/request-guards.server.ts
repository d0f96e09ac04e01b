import express, { type RequestHandler } from "express";
import onHeaders from "on-headers";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { dropMalformedCookies } from "~/http/cookies";
import { isSameOriginPost, loopbackAliases } from "./origin-check";
import { clearCookieHeader, type CookieOptions, type CookieSite } from "~/http/set-cookie";
import { sendErrorPage } from "~/layout/error-page.server";
import { ALLOWED_METHODS, checkRequestTarget, isBoundedPath } from "./request-target";

/** Forms post a few fields; nothing the site accepts comes close to this. */
const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Refuses bad request lines before any routing: foreign target forms, oversized or over-deep
 * paths (a fast 404/414 instead of seconds of route matching), control characters, unknown
 * methods; redirects non-canonical paths through the same-site helper.
 */
export const requestTargetGuard: RequestHandler = (req, res, next) => {
  const verdict = checkRequestTarget(req.method, req.url);
  if (verdict.kind === "redirect") {
    res.set("Cache-Control", "public, max-age=3600").redirect(301, verdict.location);
    return;
  }
  if (verdict.kind === "reject") {
    const allow = verdict.status === 405 ? { Allow: ALLOWED_METHODS.join(", ") } : undefined;
    return sendErrorPage(req, res, verdict.status, allow);
  }
  // Remix's route discovery matches every `p` path it is sent: bound those too.
  if (req.path === "/__manifest") {
    const paths = new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1)).getAll("p");
    if (paths.length > 1000 || !paths.every(isBoundedPath)) return sendErrorPage(req, res, 400);
  }
  next();
};

/** Where a POST may come from. */
export interface PostOrigins {
  /** The public origin (SITE_URL, or the sandbox's default). */
  siteUrl: string;
  /** The sandbox: every loopback name of the site's origin is the site too. */
  sandbox: boolean;
  /**
   * SITE_URL is unset (the sandbox): a post from the request's own origin is same-origin, so the
   * site works on whatever host and port it is published (`podman run -p 8080:3000`).
   */
  ownOriginAllowed: boolean;
}

/** The origin the request was sent to (its Host, and https as TRUST_PROXY lets a proxy say). */
function requestOrigin(req: Parameters<RequestHandler>[0]): string | null {
  const host = req.get("host");
  return host ? `${req.protocol}://${host}`.toLowerCase() : null;
}

/**
 * Every POST must come from the site's own pages (Origin, else Referer → 403), be a form
 * (→ 415), declare its length (→ 411: browsers always do; a chunked body could be any size) and
 * stay under MAX_FORM_BYTES (→ 413). Node's parser reads no more than the declared length, so
 * Remix, which reads the body itself, can never be made to buffer more.
 */
export function postGuard(options: PostOrigins): RequestHandler {
  const origin = new URL(options.siteUrl).origin;
  const aliases = options.sandbox ? loopbackAliases(origin) : [];
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const headers = { origin: req.get("origin"), referer: req.get("referer") };
    const own = options.ownOriginAllowed ? requestOrigin(req) : null;
    if (!isSameOriginPost(headers, origin, own ? [...aliases, own] : aliases)) {
      return sendErrorPage(req, res, 403);
    }
    if (!FORM_TYPES.test(req.get("content-type") ?? "")) return sendErrorPage(req, res, 415);
    const length = req.get("content-length");
    if (length === undefined || req.get("transfer-encoding") !== undefined) {
      return sendErrorPage(req, res, 411, { Connection: "close" });
    }
    if (!/^\d+$/.test(length) || Number(length) > MAX_FORM_BYTES) {
      return sendErrorPage(req, res, 413, { Connection: "close" });
    }
    next();
  };
}

/** A body read whole within the forms' bound, for the few Express handlers that take posts. */
export const readFormBody = express.raw({
  type: () => true,
  limit: MAX_FORM_BYTES,
  inflate: false,
});

/**
 * The request as Remix is given it (by `@remix-run/express`), pinned to the public origin
 * (SITE_URL): `Host` is SITE_URL's host — or, for a POST, the origin the POST guard has already
 * verified, so Remix's own Origin-vs-Host check agrees with it — the scheme is SITE_URL's, and no
 * `X-Forwarded-*` header is left for a loader to read. The visitor's address is taken first,
 * through TRUST_PROXY (`res.locals.clientIp`). Nothing the app renders, caches or redirects to can
 * carry another origin than SITE_URL's.
 */
export function pinToSite(siteUrl: string): RequestHandler {
  const site = new URL(siteUrl);
  const protocol = site.protocol.slice(0, -1);
  return (req, res, next) => {
    res.locals.clientIp = req.ip;
    let host = site.host;
    const origin = req.headers.origin;
    if (req.method === "POST" && origin && origin !== "null" && URL.canParse(origin)) {
      host = new URL(origin).host;
    } else {
      delete req.headers.origin;
    }
    for (const name of Object.keys(req.headers)) {
      if (name.startsWith("x-forwarded-")) delete req.headers[name];
    }
    req.headers.host = host;
    Object.defineProperty(req, "protocol", { value: protocol });
    next();
  };
}

/**
 * What Remix answers without a Cache-Control no cache keeps: a client navigation's data, an
 * action's answer, a redirect (a heuristic cache could otherwise keep a visitor's data).
 */
export const privateUnlessMarked: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
  });
  next();
};

/**
 * Ignores and clears the site's own cookies (`own`: each name with how it is written) when they
 * are malformed: the request goes on as if they were absent, and the answer tells the browser to
 * forget them.
 */
export function cookieGuard(
  own: Readonly<Record<string, Pick<CookieOptions, "shared" | "scriptReadable">>>,
  site: CookieSite,
): RequestHandler {
  const names = Object.keys(own);
  return (req, res, next) => {
    const header = req.headers.cookie;
    if (!header) return next();
    const { header: clean, dropped } = dropMalformedCookies(header, names);
    if (dropped.length === 0) return next();
    if (clean) req.headers.cookie = clean;
    else delete req.headers.cookie;
    for (const name of dropped) {
      res.append("Set-Cookie", clearCookieHeader(name, own[name] ?? {}, site));
    }
    next();
  };
}

/**
 * Any answer that sets or clears a cookie goes out `private, no-store`, whoever set it — a guard
 * that deletes a malformed cookie, a loader, an action: a shared cache that kept it would replay
 * one visitor's cookie (or its deletion) to everyone (decision 028).
 */
export const privateWhenSettingCookies: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
  });
  next();
};
