import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { ConfigError, parseConfig } from "./app/config.server";
import { COMPRESSION_OPTIONS } from "./app/http/compression.server";
import { errorPageHandler } from "./app/http/error-page.server";
import { pageCache } from "./app/http/page-cache.server";
import { securityHeaders } from "./app/security/headers.server";

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

if (config.sandbox) {
  // The app parses the environment again in its own module graph: give it the same secret.
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
  const { startSandbox } = await import("./mocks/node.ts");
  startSandbox({
    brand: config.brand.name,
    product: config.brand.product,
    providerName: config.brand.providerName,
    provider: config.brand.provider,
    supportEmail: config.brand.supportEmail,
    webVault: config.brand.webVaultUrl,
  });
  console.log("Sandbox upstream: serving demo content (set API_URL to use a real upstream).");
}

const viteDevServer = production
  ? undefined
  : await import("vite").then((vite) =>
      vite.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.trustProxy);
app.use(securityHeaders({ reportOnly: config.cspReportOnly, dev: !production }));
// Cached pages are answered before compression: they are stored gzipped.
const pages = pageCache({
  ttlMs: production ? config.htmlCache.ttlMs : 0,
  maxEntries: config.htmlCache.maxEntries,
  maxEntryBytes: 1_000_000,
});
app.use(pages.serve);
app.use(compression(COMPRESSION_OPTIONS));

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use(
    "/assets",
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
  );
  // Only paths that look like files can be public files; pages skip the disk look-up.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  app.use((req, res, next) =>
    /\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next(),
  );
}

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(
      /* @vite-ignore */ new URL("./build/server/index.js", import.meta.url).href
    )) as ServerBuild);

app.use(pages.store);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string }),
  }),
);

app.use(errorPageHandler);

const server: Server = app.listen(config.port, config.host, () => {
  console.log(`Listening on http://localhost:${config.port}`);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: closing the server`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
