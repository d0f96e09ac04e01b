// Compiles the launcher server.ts into build/server.js, run in production by plain
// `node build/server.js`, and the standalone sandbox upstream (mocks/upstream-server.ts) into
// build/upstream.js, which several instances can share. Runs after `remix vite:build`, which
// empties build/ first. The site itself (Express and Remix) is in the Remix build
// (build/server/index.js), which the launcher loads (decision 029): build/server.js stays small.
//
// - Packages stay imports (`--packages=external`): production installs them with `npm ci --omit=dev`.
// - The sandbox upstream (mocks/) is imported lazily, only when SANDBOX=1: code splitting keeps it
//   in its own chunk instead of hoisting it (and msw) into the server's start-up.
// - The demo content the sandbox serves is copied to build/sandbox-content, so build/ plus the
//   production node_modules is everything either entry needs.
import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}build`;

rmSync(`${out}/server-chunks`, { recursive: true, force: true });
rmSync(`${out}/sandbox-content`, { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { server: "server.ts", upstream: "mocks/upstream-server.ts" },
  outdir: out,
  chunkNames: "server-chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22.13",
  packages: "external",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

cpSync(`${root}mocks/content`, `${out}/sandbox-content`, {
  recursive: true,
  filter: (source) => !source.endsWith(".md"),
});

const files = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
for (const [file, { bytes }] of files) {
  console.log(`  ${file.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(7)} kB`);
}
console.log(
  "Server compiled: node build/server.js (sandbox upstream alone: node build/upstream.js)",
);
