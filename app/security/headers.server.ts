import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { contentSecurityPolicy, reportingEndpoints, type CspSources } from "./csp";
import { permissionsPolicy, strictTransportSecurity } from "./headers";
import { httpsRedirect } from "./https-redirect";

const POOL_SIZE = 16 * 512;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;

/** 128 random bits per response, drawn from a pool that is refilled 512 nonces at a time. */
export function createNonce(): string {
  if (poolOffset >= POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
}

export interface SecurityHeaderOptions {
  /** Send the policy as Content-Security-Policy-Report-Only (CSP_REPORT_ONLY). */
  reportOnly: boolean;
  /** The Vite dev server (its client needs eval and a WebSocket). */
  dev: boolean;
  /** The configured third parties' hosts, one entry per integration (integrations.ts). */
  extra: readonly CspSources[];
  /** Where browsers report violations (CSP_REPORT_URI, else the site's /csp-report). */
  reportUri: string;
  /** Strict-Transport-Security for an https site, null for an http one. */
  hsts: { preload: boolean } | null;
  /** Frames allowed to use the Payment Request API besides the site (the card provider's). */
  paymentFrameOrigins: readonly string[];
}

/** The headers that are the same on every response, computed once. */
export function fixedSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": permissionsPolicy(options.paymentFrameOrigins),
    "Cross-Origin-Resource-Policy": "same-origin",
    // Not "same-origin": Remix navigates in the page, so the first document's policy holds on
    // the checkout and wallet pages too, whose payment providers may open a window that must
    // report back to its opener (decision 014). Other sites' windows are cut off either way.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Reporting-Endpoints": reportingEndpoints(options.reportUri),
    ...(options.hsts ? { "Strict-Transport-Security": strictTransportSecurity(options.hsts) } : {}),
  };
}

/**
 * The security headers of a response whose CSP nonce is `nonce`, as `[name, value, name, value,
 * …]`: the policy is built once and cut where its nonces go, the other headers are fixed.
 */
export function securityHeaderSet(options: SecurityHeaderOptions): (nonce: string) => string[] {
  const cspHeader = options.reportOnly
    ? "Content-Security-Policy-Report-Only"
    : "Content-Security-Policy";
  const fixed = Object.entries(fixedSecurityHeaders(options)).flat();
  const placeholder = "\u0000nonce\u0000";
  const policy = contentSecurityPolicy({
    nonce: placeholder,
    dev: options.dev,
    extra: options.extra,
    reportUri: options.reportUri,
    upgradeInsecureRequests: options.hsts !== null,
  }).split(placeholder);
  return (nonce) => [cspHeader, policy.join(nonce), ...fixed];
}

/** Per-request nonce plus the headers every response carries. */
export function securityHeaders(headersFor: (nonce: string) => string[]): RequestHandler {
  return (_req, res, next) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    const head = headersFor(nonce);
    for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
    next();
  };
}

/**
 * Sends a request that a trusted proxy says came over plain http to the same address on the
 * https SITE_URL (https-redirect.ts). With TRUST_PROXY unset nothing is trusted and nothing is
 * redirected: the proxy in front must then redirect by itself.
 */
export function httpsRedirectGuard(siteUrl: string): RequestHandler {
  return (req, res, next) => {
    const trust = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const trusted = trust(req.socket.remoteAddress ?? "", 0);
    const answer = httpsRedirect({
      siteUrl,
      method: req.method,
      path: req.path,
      url: req.originalUrl,
      // req.protocol reads X-Forwarded-Proto only from a trusted proxy; without the header it
      // would be this hop's own scheme, which says nothing about the visitor's.
      forwardedProto: trusted && req.get("x-forwarded-proto") ? req.protocol : null,
    });
    if (!answer) return next();
    res
      .status(answer.status)
      .set({ Location: answer.location, "Cache-Control": "private, max-age=3600" })
      .end();
  };
}
