import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildSite, ROOT } from "./compiled-server";

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = [
  "app",
  "locales",
  "mocks",
  "public",
  "server.ts",
  "vite.config.ts",
  "package-lock.json",
];

function newestChange(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

function builtAt(): number {
  try {
    return Math.min(
      statSync(`${ROOT}build/server/index.js`).mtimeMs,
      statSync(`${ROOT}build/server.js`).mtimeMs,
    );
  } catch {
    return 0;
  }
}

/**
 * Vitest global setup of the integration tests: they run compiled app instances, whose Remix
 * build holds the code under test (limits, caches, clears), so the build is made again whenever
 * a source is newer than it (about a minute) — never a test of yesterday's code.
 */
export default function setup(): void {
  const newest = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (builtAt() >= newest) return;
  console.log(
    "The build is older than the sources: running `npm run build` for the integration tests…",
  );
  buildSite();
}
