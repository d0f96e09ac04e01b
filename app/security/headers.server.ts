import onHeaders from "on-headers";
import type { RequestHandler } from "express";
import { contentSecurityPolicy, reportingEndpoints, type CspSources } from "./csp";
import { permissionsPolicy, strictTransportSecurity } from "./headers";
import { httpsRedirect } from "./https-redirect";
import { ERROR_PAGE_STYLE } from "~/layout/error-page.server";
import { hashSource, type InlineHashes } from "./inline-hashes";
import type { PageIntegration } from "./page-integrations";

export interface SecurityHeaderOptions {
  /** Send the policy as Content-Security-Policy-Report-Only (CSP_REPORT_ONLY). */
  reportOnly: boolean;
  /** The Vite dev server (its client needs eval and a WebSocket). */
  dev: boolean;
  /** The hosts of the configured third parties any page may load (integrations.ts). */
  extra: readonly CspSources[];
  /** The hosts of those only some pages load, added to those pages' policies alone. */
  pageExtra: Readonly<Record<PageIntegration, CspSources>>;
  /** A tag manager or consent script is configured: scripts trust what they add. */
  strictDynamic: boolean;
  /** Where browsers report violations (CSP_REPORT_URI, else the site's /csp-report). */
  reportUri: string;
  /** Strict-Transport-Security for an https site, null for an http one. */
  hsts: { preload: boolean } | null;
  /** Frames allowed to use the Payment Request API besides the site (the card provider's). */
  paymentFrameOrigins: readonly string[];
}

/** The headers that are the same on every response, computed once. */
function fixedSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
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
 * What one document's policy allows besides every page's sources. A document writes no `<style>`
 * (its stylesheet is a linked file).
 */
export interface DocumentSources {
  /** `'sha256-…'` of each inline script the site wrote into the page (own-scripts.tsx). */
  scripts: InlineHashes["scripts"];
  /** The third parties the page loads (its routes' `handle.loads`). */
  integrations: readonly PageIntegration[];
}

/** The site's security headers, decided once from the configuration. */
export interface SecurityHeaderSet {
  /** `Content-Security-Policy`, or its `-Report-Only` twin (CSP_REPORT_ONLY). */
  cspHeader: string;
  /** The policy of every response but a document: nothing inline runs. */
  basePolicy: string;
  /**
   * A document's policy: the base one plus the inline scripts the site wrote into it, by their
   * hashes, and the hosts of the third parties that page loads. No inline style is allowed.
   */
  documentPolicy: (document: DocumentSources) => string;
  /** The other security headers, the same on every response, as `[name, value, …]`. */
  fixed: string[];
}

export function securityHeaderSet(options: SecurityHeaderOptions): SecurityHeaderSet {
  const policy = (inline: InlineHashes, integrations: readonly PageIntegration[] = []) =>
    contentSecurityPolicy({
      inline,
      strictDynamic: options.strictDynamic,
      dev: options.dev,
      extra: [...options.extra, ...integrations.map((name) => options.pageExtra[name])],
      reportUri: options.reportUri,
      upgradeInsecureRequests: options.hsts !== null,
    });
  return {
    cspHeader: options.reportOnly
      ? "Content-Security-Policy-Report-Only"
      : "Content-Security-Policy",
    // Answers outside Remix may be the error page, whose one stylesheet is allowed by its hash.
    basePolicy: policy({ scripts: [], styles: [hashSource(ERROR_PAGE_STYLE)] }),
    documentPolicy: ({ scripts, integrations }) => policy({ scripts, styles: [] }, integrations),
    fixed: Object.entries(fixedSecurityHeaders(options)).flat(),
  };
}

/**
 * The headers every response carries. The policy is the response's own when it set one (a
 * document, with the hashes of the scripts the site wrote into it: app/entry.server.tsx), else
 * the base one, decided as its headers are written.
 */
export function securityHeaders(set: SecurityHeaderSet): RequestHandler {
  return (_req, res, next) => {
    for (let i = 0; i < set.fixed.length; i += 2) res.setHeader(set.fixed[i]!, set.fixed[i + 1]!);
    onHeaders(res, () => {
      if (!res.hasHeader(set.cspHeader)) res.setHeader(set.cspHeader, set.basePolicy);
    });
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
