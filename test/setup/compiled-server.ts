import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** `npm run build` (the Remix build and the compiled server), as production builds it. */
export function buildSite(): void {
  // Vitest's own variables would make vite.config.ts leave the Remix plugin out of the build.
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$)/.test(name)),
    ),
    NODE_ENV: "production" as const,
  };
  execFileSync("npm", ["run", "build"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** What the Remix build is made from. */
const SOURCES = ["app", "locales", "public", "vite.config.ts", "package-lock.json"];

/** The newest modification time of the files under `path` (tests aside), in ms. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** The Remix build is missing, or older than a file it is made from. */
function remixBuildStale(): boolean {
  const built = `${ROOT}build/server/index.js`;
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newest(join(ROOT, source)) > builtAt);
}

/**
 * Vitest global setup: the server tests run the compiled production server (`node
 * build/server.js`) and the Remix build it serves. The server is recompiled before every run
 * (esbuild, under a second) so they never test a stale server.ts; the Remix build is made again
 * (`npm run build`, a minute or two) only when it is missing or older than its sources.
 */
export default function setup(): void {
  if (!remixBuildStale()) {
    execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "ignore" });
    return;
  }
  console.log(
    "The production build is missing or stale: running `npm run build` for the server tests…",
  );
  buildSite();
}
