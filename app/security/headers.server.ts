import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface CspOptions {
  nonce: string;
  dev: boolean;
  /** Extra hosts per directive, for configured third parties (captcha, payments, analytics). */
  extra?: Partial<Record<"script" | "connect" | "frame" | "img" | "form", string[]>>;
}

/** The Content-Security-Policy of one response, with its per-request script nonce. */
export function contentSecurityPolicy({ nonce, dev, extra = {} }: CspOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(extra.script ?? [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...(extra.img ?? [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : []), ...(extra.connect ?? [])],
    "frame-src": ["'self'", ...(extra.frame ?? [])],
    "form-action": ["'self'", ...(extra.form ?? [])],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (dev) directives["script-src"]?.push("'unsafe-eval'");
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

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

/** Per-request nonce plus the headers every response carries. */
export function securityHeaders(options: {
  reportOnly: boolean;
  dev: boolean;
  /** Hosts of the configured third parties (the captcha provider). */
  extra?: CspOptions["extra"];
}): RequestHandler {
  const cspHeader = options.reportOnly
    ? "Content-Security-Policy-Report-Only"
    : "Content-Security-Policy";
  return (_req, res, next) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    res.setHeader(
      cspHeader,
      contentSecurityPolicy({ nonce, dev: options.dev, extra: options.extra }),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    next();
  };
}
