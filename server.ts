import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { ConfigError, CSP_REPORT_PATH, parseConfig } from "./app/config.server";
import { CLEAR_CACHE_PATH, clearCacheEndpoint } from "./app/admin/clear-cache.server";
import { sharedCacheBanner } from "./app/admin/shared-cache-ban.server";
import { clearLocalCaches, registerLocalCache } from "./app/admin/local-caches.server";
import { COMPRESSION_OPTIONS } from "./app/http/compression.server";
import { errorPageHandler, sendErrorPage } from "./app/http/error-page.server";
import { listen } from "./app/http/listen.server";
import { pageCache } from "./app/http/page-cache.server";
import { quickAnswer } from "./app/http/quick-answer.server";
import { remixHandler } from "./app/http/remix-handler.server";
import { SESSION_COOKIES } from "./app/http/page-variant";
import { DEVICE_COOKIES } from "./app/account/device.server";
import { downloadHandOffRateLimit, statusPollRateLimit } from "./app/forms/rate-limit.server";
import { FEEDBACK_COOKIE } from "./app/forms/feedback";
import { FLASH_COOKIE } from "./app/forms/flash";
import { SANDBOX_CAPTCHA_SCRIPT } from "./app/forms/captcha";
import { cookieGuard, postGuard, requestTargetGuard } from "./app/http/request-guards.server";
import { LANG_COOKIE } from "./app/i18n/cookie.server";
import { DISMISSED_COOKIE } from "./app/layout/dismissals";
import { logger, requestLogger } from "./app/observability/log.server";
import { cspReportHandler } from "./app/security/csp-report.server";
import {
  httpsRedirectGuard,
  securityHeaders,
  securityHeaderSet,
} from "./app/security/headers.server";
import { integrationCsp, paymentFrameOrigins } from "./app/security/integrations";
import { redis } from "./app/redis/connection.server";
import { clearUpstreamCaches } from "./app/upstream/clear-cache.server";
import { UpstreamClient } from "./app/upstream/client.server";
import { httpMetrics, labelRoute } from "./app/observability/http-metrics.server";
import { METRICS_PATH, metricsOnSitePort } from "./app/observability/metrics-endpoint.server";
import { collectProcessMetrics, recordPageCache } from "./app/observability/metrics.server";
import { createRouteMatcher } from "./app/observability/route-matcher.server";
import type { Readiness } from "./app/upstream/readiness";

function loadConfig() {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const production = config.nodeEnv === "production";
const log = logger();
if (production && !config.siteUrl.startsWith("https://")) {
  const host = new URL(config.siteUrl).hostname;
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host)) {
    log.warn(
      { siteUrl: config.siteUrl },
      "SITE_URL is not https: cookies go without Secure and no HSTS or https redirect is sent",
    );
  }
}
// With REDIS_URL, the instances share rate limits and upstream answers and hear each other's
// cache clears; the connection is made in the background and never holds a request.
const sharedRedis = redis();

// In production this module runs compiled as build/server.js (scripts/build-server.mjs), next to
// the Remix build and a copy of the demo content; in development tsx runs ./server.ts itself.
const compiled = !import.meta.url.endsWith(".ts");
const BUILD_DIR = fileURLToPath(new URL(compiled ? "./" : "./build/", import.meta.url));

let sandboxCaptchaJs: string | undefined;
let sandboxPay: { show: express.RequestHandler; settle: express.RequestHandler } | undefined;
if (config.sandbox) {
  // The app parses the environment again in its own module graph: give it the same secret.
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
  const { startSandbox, SANDBOX_CAPTCHA_JS, sandboxBrand, sandboxPayPage } =
    await import("./mocks/node.ts");
  sandboxCaptchaJs = SANDBOX_CAPTCHA_JS;
  const sandbox = startSandbox(
    sandboxBrand(config.brand),
    compiled ? join(BUILD_DIR, "sandbox-content") : undefined,
  );
  sandboxPay = sandboxPayPage(sandbox.orders);
  log.info("Sandbox upstream: serving demo content (set API_URL to use a real upstream)");
}

const viteDevServer = production
  ? undefined
  : await import("vite").then((vite) =>
      vite.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );

// The Remix route a path reaches, for metric labels; known once the build is loaded (below).
let routeOf: (path: string) => string | null = () => null;

const app = express();
app.disable("x-powered-by");
app.use(httpMetrics((path) => routeOf(path)));
app.use(requestLogger(log));
app.set("trust proxy", config.trustProxy);
const security = securityHeaderSet({
  reportOnly: config.cspReportOnly,
  dev: !production,
  // The configured third parties (captcha, card provider, wallet, payment pages).
  extra: integrationCsp(config),
  // A tag manager or consent script loads scripts from hosts nobody can list in advance.
  strictDynamic: Boolean(config.integrations.tagManager || config.integrations.consent),
  reportUri: config.cspReportUri,
  hsts: config.hsts,
  paymentFrameOrigins: paymentFrameOrigins(config),
});
app.use(securityHeaders(security));
const documentCsp = { header: security.cspHeader, policy: security.documentPolicy };

// Health, readiness and metrics come before every guard, redirect, cache and rate limit.
app.get("/healthz", (_req, res) => {
  labelRoute(res, "healthz");
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
// Up or down, nothing more: why (the upstream answers, or only the cache can serve) is for the
// operator, in the log and /metrics (app/upstream/readiness.server.ts), not for every visitor.
app.get("/readyz", (_req, res, next) => {
  labelRoute(res, "readyz");
  serverHooks()
    .then((hooks) => hooks.checkReadiness())
    .then((readiness) => {
      res
        .status(readiness.ready ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ status: readiness.ready ? "ready" : "unavailable" });
    }, next);
});
if (config.metrics.token) app.get(METRICS_PATH, metricsOnSitePort(config.metrics.token));
if (config.metrics.token || config.metrics.port) collectProcessMetrics();
app.use(httpsRedirectGuard(config.siteUrl));
app.use(requestTargetGuard);
// Browsers post violation reports without a same-site Origin: before the POST guard.
app.post(CSP_REPORT_PATH, cspReportHandler(log));
const ownCookies = {
  [LANG_COOKIE]: { shared: true },
  [DISMISSED_COOKIE]: { shared: true },
  [SESSION_COOKIES.https]: {},
  [SESSION_COOKIES.http]: {},
  [DEVICE_COOKIES.https]: {},
  [DEVICE_COOKIES.http]: {},
  [FLASH_COOKIE]: {},
  [FEEDBACK_COOKIE]: { scriptReadable: true },
};
app.use(cookieGuard(ownCookies, config.cookies));
// Cached pages are answered before compression: they are stored compressed.
const pageCacheOn = production && config.htmlCache.ttlMs > 0;
const pages = pageCache({
  ttlMs: pageCacheOn ? config.htmlCache.ttlMs : 0,
  maxEntries: config.htmlCache.maxEntries,
  maxBytes: config.htmlCache.maxBytes,
  maxEntryBytes: 1_000_000,
  onLookup: recordPageCache,
});
app.use(pages.serve);
registerLocalCache("page-cache", pages.clear);
app.use(compression(COMPRESSION_OPTIONS));

if (sandboxCaptchaJs !== undefined) {
  const script = sandboxCaptchaJs;
  app.get(SANDBOX_CAPTCHA_SCRIPT, (_req, res) => {
    res.type("text/javascript").set("Cache-Control", "no-cache").send(script);
  });
}

if (viteDevServer) {
  // The UI strings route (/locales/<lang>) shares its name with the locales/ folder, which Vite
  // would otherwise serve as a module.
  const vite = viteDevServer.middlewares;
  app.use((req, res, next) => (req.path.startsWith("/locales/") ? next() : vite(req, res, next)));
} else {
  app.use(
    "/assets",
    express.static(join(BUILD_DIR, "client/assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
    }),
  );
  // Only paths that look like files can be public files; pages skip the disk look-up.
  const publicFiles = express.static(join(BUILD_DIR, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) =>
    /\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next(),
  );
}

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(
      /* @vite-ignore */ pathToFileURL(join(BUILD_DIR, "server/index.js")).href
    )) as ServerBuild);

if (sharedRedis) {
  // Cached upstream answers are kept per release: a rolling deploy never mixes their shapes.
  sharedRedis.cacheNamespace = typeof build === "function" ? "dev" : build.assets.version;
}

// An operator's endpoint, not a form: before the Origin guard, with its own checks.
if (config.adminToken) {
  const adminUpstream = new UpstreamClient({ baseUrl: config.apiUrl });
  app.all(
    CLEAR_CACHE_PATH,
    clearCacheEndpoint({
      token: config.adminToken,
      clearUpstream: () => clearUpstreamCaches(adminUpstream, config.brand.provider),
      clearCaches: async () => {
        if (!sharedRedis) return { cleared: clearLocalCaches(), shared: { status: "off" } };
        const { cleared, shared } = await sharedRedis.clearEverywhere();
        return {
          cleared,
          shared: shared ? { status: "cleared", ...shared } : { status: "pending" },
        };
      },
      clearSharedCache: sharedCacheBanner({ url: config.sharedCacheBanUrl }),
    }),
  );
} else {
  app.post(CLEAR_CACHE_PATH, (req, res) => sendErrorPage(req, res, 404));
}

/** What the Express server reads from the build's entry module (app/entry.server.tsx). */
interface ServerHooks {
  checkReadiness(): Promise<Readiness>;
  withRequestBudget<T>(work: () => T): T;
}
const builtHooks =
  typeof build === "function" ? undefined : (build.entry.module as unknown as ServerHooks);
async function serverHooks(): Promise<ServerHooks> {
  if (builtHooks) return builtHooks;
  const current = typeof build === "function" ? await build() : build;
  return current.entry.module as unknown as ServerHooks;
}
if (typeof build === "function") {
  build().then(
    (current) => (routeOf = createRouteMatcher(current.routes)),
    (error: unknown) => log.warn({ err: error }, "routes unknown: metrics label pages `other`"),
  );
} else {
  routeOf = createRouteMatcher(build.routes);
}

app.use(
  postGuard({
    siteUrl: config.siteUrl,
    sandbox: config.sandbox,
    ownOriginAllowed: config.sandbox && !config.siteUrlSet,
  }),
);
if (sandboxPay) {
  // The sandbox's stand-in for the provider's payment page (mocks/pay-page.ts).
  app.get("/sandbox/pay", sandboxPay.show);
  app.post("/sandbox/pay", sandboxPay.settle);
}
app.use("/payment-status", statusPollRateLimit());
// The download hand-off (app/routes/api.$provider.$.tsx), the only route under /api.
app.use("/api", downloadHandOffRateLimit());

app.all(
  "*",
  remixHandler({
    build,
    mode: production ? "production" : "development",
    siteUrl: config.siteUrl,
    send: pages.send,
    getLoadContext: (req) => ({
      documentCsp,
      clientIp: req.ip,
    }),
    around: builtHooks
      ? (work) => builtHooks.withRequestBudget(work)
      : (work) => serverHooks().then((hooks) => hooks.withRequestBudget(work)),
  }),
);

app.use(errorPageHandler);

// The page cache's plain hits are answered before Express, with the same headers and log.
listen(
  quickAnswer(
    {
      pages,
      enabled: pageCacheOn,
      ownCookies: Object.keys(ownCookies),
      securityHeaders: security.fixed,
      log,
      routeOf: () => routeOf,
    },
    app,
  ),
  config,
);
