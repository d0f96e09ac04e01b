import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import { parseConfig, type Config } from "../app/config/config.server";
import { requestLogger } from "../app/observability/log.server";
import { sandboxBrand, type Brand } from "./content-store";
import type { Sandbox } from "./handlers";
import { upstreamRequestHandler } from "./http-upstream";
import { SANDBOX_PAY_PATH, sandboxPayPage } from "./pay-page";

/**
 * The sandbox upstream as a process of its own (`node build/upstream.js`, mocks/upstream-server.ts):
 * several site instances pointed at it with API_URL share one shop, one set of accounts and one
 * content, and a reverse proxy sends buyers to its payment page at `/sandbox/pay`.
 */

export const DEFAULT_UPSTREAM_PORT = 4000;

/** What the standalone upstream reads from its environment: the site's names, rules and defaults. */
const VARIABLES = [
  "PORT",
  "HOST",
  "LOG_LEVEL",
  "BRAND_NAME",
  "PRODUCT_SLUG",
  "PROVIDER_NAME",
  "PROVIDER_SLUG",
  "SUPPORT_EMAIL",
  "SECURITY_CONTACT",
  "WEB_VAULT_URL",
] as const;

export interface UpstreamSettings {
  port: number;
  host: string;
  logLevel: Config["logLevel"];
  brand: Brand;
}

/**
 * The upstream's settings, checked by the site's own configuration schema (so a brand the site
 * refuses is refused here too, naming the variable); PORT defaults to 4000. Throws a ConfigError.
 */
export function upstreamSettings(env: Record<string, string | undefined>): UpstreamSettings {
  const picked: Record<string, string> = { PORT: String(DEFAULT_UPSTREAM_PORT) };
  for (const name of VARIABLES) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  const config = parseConfig({ ...picked, SANDBOX: "1" });
  return {
    port: config.port,
    host: config.host,
    logLevel: config.logLevel,
    brand: sandboxBrand(config.brand, config.securityTxt.contacts),
  };
}

/**
 * Whether a POST comes from a page of the host it was sent to: its Origin (else Referer) names
 * the same host as its Host header. The upstream has no public origin of its own (it answers
 * under the site's, through the proxy), so the request's Host stands in for the site's origin:
 * a browser sets both, and a form on another site carries that site's Origin.
 */
export function postFromSameHost(headers: {
  origin?: string | undefined;
  referer?: string | undefined;
  host?: string | undefined;
}): boolean {
  const source = headers.origin || headers.referer;
  if (!source || !headers.host) return false;
  try {
    return new URL(source).host === headers.host.toLowerCase();
  } catch {
    // `Origin: null` and other unreadable values.
    return false;
  }
}

/** The payment form posts two short fields. */
const PAY_FORM_BYTES = 8 * 1024;

/** What the site's security headers would add; the page's policy is its own (pay-page.ts). */
const payPageHeaders: RequestHandler = (_req, res, next) => {
  res.set({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin" });
  next();
};

const refuse = (res: express.Response, status: number, text: string) =>
  res.status(status).type("text/plain").set("Cache-Control", "no-store").send(text);

/** The pay page's form post: same host, a URL-encoded form, read raw within PAY_FORM_BYTES. */
const payPostGuard: RequestHandler[] = [
  (req, res, next) => {
    const headers = {
      origin: req.get("origin"),
      referer: req.get("referer"),
      host: req.get("host"),
    };
    if (!postFromSameHost(headers)) return refuse(res, 403, "Forbidden");
    if (!req.is("application/x-www-form-urlencoded")) return refuse(res, 415, "Unsupported");
    next();
  },
  express.raw({ type: () => true, limit: PAY_FORM_BYTES, inflate: false }),
];

/** Body parser errors (413, 400) and anything thrown: a status and a line, never a stack. */
function errors(log: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return refuse(res, status, "Bad request");
    }
    log.error({ err: error }, "sandbox upstream failed");
    refuse(res, 500, "Internal error");
  };
}

/** The standalone sandbox upstream: /healthz, the payment page, and the API calls under /api. */
export function upstreamApp(sandbox: Sandbox, log: Logger): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestLogger(log));
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const pay = sandboxPayPage(sandbox.orders);
  app.get(SANDBOX_PAY_PATH, payPageHeaders, pay.show);
  app.post(SANDBOX_PAY_PATH, payPageHeaders, ...payPostGuard, pay.settle);
  app.use(upstreamRequestHandler(sandbox));
  app.use(errors(log));
  return app;
}
