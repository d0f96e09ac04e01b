import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
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

/**
 * Vitest global setup: the start-up and shut-down tests run the compiled production server
 * (`node build/server.js`). The server is recompiled before every run (esbuild, under a second)
 * so they never test a stale server.ts; the Remix build it serves is made only when missing.
 */
export default function setup(): void {
  if (existsSync(`${ROOT}build/server/index.js`)) {
    execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "ignore" });
  } else {
    console.log("No production build yet: running `npm run build` for the server tests…");
    buildSite();
  }
}
