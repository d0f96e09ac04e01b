import type { Server } from "node:http";
import { join } from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { CSP_REPORT_PATH, getConfig } from "~/config/config.server";
import { CLEAR_CACHE_PATH, clearCacheEndpoint } from "~/admin/clear-cache.server";
import { sharedCacheBanner } from "~/admin/shared-cache-ban.server";
import { clearLocalCaches } from "~/redis/local-caches.server";
import { downloadHandOffRateLimit, statusPollRateLimit } from "~/forms/rate-limit.server";
import { SANDBOX_CAPTCHA_SCRIPT } from "~/forms/captcha";
import { errorPageHandler, sendErrorPage } from "~/layout/error-page.server";
import { isFilePath, NOT_FOUND_TEXT, notFoundHeaders } from "~/http/not-found";
import { answeredInsteadOfRedirect } from "~/i18n/redirect.server";
import { guardedCookies } from "~/legal/site-cookies.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { httpMetrics, labelRoute } from "~/observability/http-metrics.server";
import { logger, requestLogger } from "~/observability/log.server";
import { METRICS_PATH, metricsOnSitePort } from "~/observability/metrics-endpoint.server";
import { collectProcessMetrics } from "~/observability/metrics.server";
import { createRouteMatcher } from "~/observability/route-matcher.server";
import { redis } from "~/redis/connection.server";
import { cspReportHandler } from "~/server/csp-report.server";
import { httpsRedirectGuard, securityHeaders, securityHeaderSet } from "~/security/headers.server";
import { integrationCsp, pageIntegrationCsp, paymentFrameOrigins } from "~/server/third-party-csp";
import { withRequestBudget } from "~/upstream/budget.server";
import { clearUpstreamCaches } from "~/upstream/clear-cache.server";
import { UpstreamClient } from "~/upstream/client.server";
import { checkReadiness } from "~/upstream/readiness.server";
import { COMPRESSION_OPTIONS } from "./compression.server";
import { listen } from "./listen.server";
import {
  cookieGuard,
  pinToSite,
  postGuard,
  privateUnlessMarked,
  privateWhenSettingCookies,
  readFormBody,
  requestTargetGuard,
} from "./request-guards.server";

/** What the launcher (server.ts) hands the site. */
export interface SiteOptions {
  /**
   * The Remix build this module is part of; in development a function that loads the current
   * one from Vite (the routes change under a running server).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /**
   * Production: the folder holding the built client files (`client/`). Development: Vite's
   * middleware, which serves the modules and assets instead.
   */
  assets: { dir: string } | { vite: express.RequestHandler };
  /** The sandbox upstream's own pages, when SANDBOX=1 (mocks/node.ts). */
  sandbox?: {
    captchaJs: string;
    pay: { show: express.RequestHandler; settle: express.RequestHandler };
  };
}

/**
 * The site's request pipeline (decisions 029, 040, 041), one Express app: metrics, request log,
 * security headers, the one reading of the request target, health, guards, compression, static
 * files, the operator's endpoints, rate limits — then `@remix-run/express`'s handler, given the
 * request pinned to SITE_URL. Pages are kept by shared caches (a CDN, the compose set-up's
 * Varnish) through their headers; the origin renders. Built in the Remix build's own module graph
 * (exported by app/entry.server.tsx), so every module here is the same instance the routes use:
 * one logger, one metrics registry, one Redis connection, one list of local caches.
 */
export function createSite(options: SiteOptions): Express {
  const config = getConfig();
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
  if (options.sandbox) {
    log.info("Sandbox upstream: serving demo content (set API_URL to use a real upstream)");
  }
  const { build } = options;
  // With REDIS_URL, the instances share rate limits and upstream answers and hear each other's
  // cache clears; the connection is made in the background and never holds a request.
  const sharedRedis = redis();
  if (sharedRedis) {
    // Cached upstream answers are kept per release: a rolling deploy never mixes their shapes.
    sharedRedis.cacheNamespace = typeof build === "function" ? "dev" : build.assets.version;
  }

  // The Remix route a path reaches, for metric labels.
  let routeOf: (path: string) => string | null = () => null;
  if (typeof build === "function") {
    build().then(
      (current) => (routeOf = createRouteMatcher(current.routes)),
      (error: unknown) => log.warn({ err: error }, "routes unknown: metrics label pages `other`"),
    );
  } else {
    routeOf = createRouteMatcher(build.routes);
  }

  const app = express();
  app.disable("x-powered-by");
  app.use(httpMetrics((path) => routeOf(path)));
  app.use(requestLogger(log));
  app.set("trust proxy", config.trustProxy);
  const security = securityHeaderSet({
    reportOnly: config.cspReportOnly,
    dev: !production,
    // The configured third parties (captcha, card provider, payment pages)…
    extra: integrationCsp(config),
    // …and those only the pages that load them name (the wallet, on the wallet page).
    pageExtra: pageIntegrationCsp(config),
    // A tag manager or consent script loads scripts from hosts nobody can list in advance.
    strictDynamic: Boolean(config.integrations.tagManager || config.integrations.consent),
    reportUri: config.cspReportUri,
    hsts: config.hsts,
    paymentFrameOrigins: paymentFrameOrigins(config),
  });
  app.use(securityHeaders(security));
  const documentCsp = { header: security.cspHeader, policy: security.documentPolicy };
  // An answer that sets or clears a cookie is this visitor's alone, whoever wrote it.
  app.use(privateWhenSettingCookies);
  // The one reading of the request target, before anything else reads the path: any other
  // spelling of a path is one 301 to its canonical form (app/http/canonical-path.ts).
  app.use(requestTargetGuard);

  // Health, readiness and metrics come before every guard, redirect, cache and rate limit.
  app.get("/healthz", (_req, res) => {
    labelRoute(res, "healthz");
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Up or down, nothing more: why (the upstream answers, or only the cache can serve) is for the
  // operator, in the log and /metrics (app/upstream/readiness.server.ts), not for every visitor.
  app.get("/readyz", (_req, res, next) => {
    labelRoute(res, "readyz");
    checkReadiness().then((readiness) => {
      res
        .status(readiness.ready ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ status: readiness.ready ? "ready" : "unavailable" });
    }, next);
  });
  if (config.metrics.token) app.get(METRICS_PATH, metricsOnSitePort(config.metrics.token));
  if (config.metrics.token || config.metrics.port) collectProcessMetrics();
  app.use(httpsRedirectGuard(config.siteUrl));
  // Browsers post violation reports without a same-site Origin: before the POST guard.
  app.post(CSP_REPORT_PATH, cspReportHandler(log));
  const ownCookies = guardedCookies();
  app.use(cookieGuard(ownCookies, config.cookies));
  app.use(compression(COMPRESSION_OPTIONS));

  if (options.sandbox) {
    const script = options.sandbox.captchaJs;
    app.get(SANDBOX_CAPTCHA_SCRIPT, (_req, res) => {
      res.type("text/javascript").set("Cache-Control", "no-cache").send(script);
    });
  }

  if ("vite" in options.assets) {
    // The UI strings route (/locales/<lang>) shares its name with the locales/ folder, which Vite
    // would otherwise serve as a module.
    const vite = options.assets.vite;
    app.use((req, res, next) => (req.path.startsWith("/locales/") ? next() : vite(req, res, next)));
  } else {
    const client = join(options.assets.dir, "client");
    // A file that is not there is no page: SPEC §8's plain answer, not the site's 404 page —
    // private when it also deletes a malformed cookie of this visitor's (cookieGuard).
    const noFile: RequestHandler = (_req, res) => {
      const headers = notFoundHeaders(60);
      if (res.getHeader("set-cookie") !== undefined) headers["Cache-Control"] = PRIVATE_NO_STORE;
      res.status(404).set(headers).send(NOT_FOUND_TEXT);
    };
    // A folder is no file: never the static files' redirect to its name with a slash, which
    // the one reading of the path (no trailing slash) would send straight back — `/assets` and
    // `/assets/` are the plain 404 like any other name under it that is not a file.
    app.use(
      "/assets",
      express.static(join(client, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
      }),
      noFile,
    );
    // Only paths that look like files can be public files; pages skip the disk look-up. The
    // routes that answer with a file (robots.txt, sitemap.xml, …) are the build's own.
    const publicFiles = express.static(client, { maxAge: "1h", index: false, redirect: false });
    const fileRoutes = fileRoutePaths(typeof build === "function" ? {} : build.routes);
    app.use((req, res, next) =>
      isFilePath(req.path)
        ? publicFiles(req, res, (error?: unknown) =>
            error ? next(error) : fileRoutes(req.path) ? next() : noFile(req, res, next),
          )
        : next(),
    );
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

  app.use(
    postGuard({
      siteUrl: config.siteUrl,
      sandbox: config.sandbox,
      ownOriginAllowed: config.sandbox && !config.siteUrlSet,
    }),
  );
  if (options.sandbox) {
    // The sandbox's stand-in for the provider's payment page (mocks/pay-page.ts).
    app.get("/sandbox/pay", options.sandbox.pay.show);
    app.post("/sandbox/pay", readFormBody, options.sandbox.pay.settle);
  }
  app.use("/payment-status", statusPollRateLimit());
  // The download hand-off (app/routes/api.$provider.$.tsx), the only route under /api.
  app.use("/api", downloadHandOffRateLimit());

  app.all(
    "*",
    personLanguageDetected,
    pinToSite(config.siteUrl),
    privateUnlessMarked,
    // Each render runs within the request's upstream budget (its async work inherits it).
    (_req, _res, next) => withRequestBudget(next),
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext: (_req, res) => ({ documentCsp, clientIp: res.locals.clientIp as string }),
    }),
  );

  app.use(errorPageHandler);

  return app;
}

/**
 * The page variant (app/page/page-variant.ts) asks, as it builds a page's headers, whether a
 * crawler's unprefixed page is one a person with its cookie and Accept-Language would be
 * redirected from; that person's language is detected here first (remix-i18next detects
 * asynchronously), so the answer is known — never private only because it was still being found.
 */
const personLanguageDetected: RequestHandler = (req, _res, next) => {
  const answered = answeredInsteadOfRedirect({
    method: req.method,
    pathname: req.path,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    userAgent: req.headers["user-agent"],
  });
  if (typeof answered === "boolean") return next();
  answered.then(
    () => next(),
    () => next(),
  );
};

/**
 * The paths the build's routes answer with a file (`robots[.]txt`, `.well-known/security.txt`:
 * routes under the root whose path has a dot) or draw in a folder of their own (`cards/*`), the
 * only file-like paths that go on to Remix (a page's `.data` request is no file path and goes on
 * anyway).
 */
function fileRoutePaths(routes: ServerBuild["routes"]): (path: string) => boolean {
  const top = Object.values(routes).filter((route) => route.parentId === "root");
  const exact = new Set(
    top.filter((route) => route.path?.includes(".")).map((route) => `/${route.path}`),
  );
  // A literal folder whose files a file-system route draws (`cards/*`: the social cards); never
  // a page's catch-all (`de/*`), which is no folder of files.
  const folders = top
    .filter((route) => route.id.startsWith("routes/"))
    .map((route) => /^([a-z][a-z0-9-]*)\/\*$/.exec(route.path ?? "")?.[1])
    .filter((folder): folder is string => folder !== undefined)
    .map((folder) => `/${folder}/`);
  return (path) => exact.has(path) || folders.some((folder) => path.startsWith(folder));
}

/**
 * Builds the site (`createSite`) and listens on the configured port until SIGTERM or SIGINT
 * (`listen`). Called by the launcher, server.ts, once it has the build.
 */
export function startSite(options: SiteOptions): Server {
  return listen(createSite(options), getConfig());
}
