/**
 * The sandbox upstream as its own process, for several site instances that must share one shop:
 * `node build/upstream.js` (compiled by scripts/build-server.mjs), or `tsx mocks/upstream-server.ts`.
 * Listens on PORT (4000) and HOST (0.0.0.0); the brand comes from the site's variables
 * (BRAND_NAME, PRODUCT_SLUG, PROVIDER_NAME, PROVIDER_SLUG, SUPPORT_EMAIL, WEB_VAULT_URL). Point
 * the instances' API_URL at it and route `/sandbox/pay` to it (compose.yaml, deploy/nginx.conf).
 */
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../app/config/config.server";
import { createLogger } from "../app/observability/log.server";
import { createSandbox } from "./handlers";
import { upstreamApp, upstreamSettings } from "./upstream-app";

function loadSettings() {
  try {
    return upstreamSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const settings = loadSettings();
const log = createLogger(settings.logLevel);

// Compiled, this is build/upstream.js, next to the copy of the demo content the build makes.
const compiled = !import.meta.url.endsWith(".ts");
const contentDir = compiled
  ? fileURLToPath(new URL("./sandbox-content", import.meta.url))
  : undefined;
const sandbox = createSandbox(settings.brand, contentDir);

const server: Server = upstreamApp(sandbox, log).listen(settings.port, settings.host, () => {
  log.info(
    { port: settings.port, host: settings.host, pages: sandbox.store.pages.size },
    "Sandbox upstream listening",
  );
});
server.headersTimeout = 15_000;
server.requestTimeout = 30_000;

let closing = false;
/** Stops accepting, lets calls in flight finish and exits 0 (1 if some still run after 8 s). */
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, "closing the server");
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    log.error({ signal }, "Calls still running 8 s after the signal: exiting");
    process.exit(1);
  }, 8_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
