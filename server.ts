// The launcher: checks the configuration, starts the sandbox upstream when SANDBOX=1, loads the
// Remix build and starts the site it exports (app/server/site.server.ts, decision 029). Every app
// module runs from the build, once: this file imports none of them but the configuration's check.
// In production it runs compiled as build/server.js (scripts/build-server.mjs), next to the Remix
// build and a copy of the demo content; in development tsx runs ./server.ts itself, with Vite.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { ConfigError, parseConfig } from "./app/config/config.server";
import type { SiteOptions, startSite } from "./app/server/site.server";

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
const compiled = !import.meta.url.endsWith(".ts");
const BUILD_DIR = fileURLToPath(new URL(compiled ? "./" : "./build/", import.meta.url));

let sandbox: SiteOptions["sandbox"];
if (config.sandbox) {
  // The app parses the environment again (getConfig): give it the secret made up here.
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
  // Before the build is loaded: from then on, every fetch to the upstream is the sandbox's.
  const { startSandbox, SANDBOX_CAPTCHA_JS, sandboxBrand, sandboxPayPage } =
    await import("./mocks/node.ts");
  const started = startSandbox(
    sandboxBrand(config.brand, config.securityTxt.contacts),
    compiled ? join(BUILD_DIR, "sandbox-content") : undefined,
  );
  sandbox = { captchaJs: SANDBOX_CAPTCHA_JS, pay: sandboxPayPage(started.orders) };
}

type Entry = { startSite: typeof startSite };
const entryOf = (build: ServerBuild) => build.entry.module as unknown as Entry;

if (config.nodeEnv === "production") {
  const build = (await import(
    /* @vite-ignore */ pathToFileURL(join(BUILD_DIR, "server/index.js")).href
  )) as ServerBuild;
  entryOf(build).startSite({ build, assets: { dir: BUILD_DIR }, sandbox });
} else {
  const vite = await import("vite").then((module) =>
    module.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const load = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  // The site is built once, from the first build Vite loads; the routes are loaded anew for each
  // request. A module Vite reloads after an edit is a new instance of it (a second logger,
  // metrics or Redis connection may then exist): a development-only cost.
  entryOf(await load()).startSite({
    build: load,
    assets: { vite: vite.middlewares },
    sandbox,
  });
}
