import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import browserslistToEsbuild from "browserslist-to-esbuild";
import { envOnlyMacros } from "vite-env-only";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Small modules that nearly every page uses (chrome, modals, error pages, the page-form helpers)
 * go to one chunk instead of one chunk per set of routes sharing them: a page then loads one file
 * instead of six, and gzip compresses them together.
 */
const SHARED =
  /\/app\/(layout|meta|i18n|render)\/|\/app\/forms\/(names|page-form)\.|remix-utils\/.*use-hydrated/;

function sharedChunk(id: string): string | undefined {
  // The error and success modals load on demand (app/layout/ui.tsx): not part of every page.
  if (id.includes(".server.") || id.endsWith("/app/layout/modals.tsx")) return undefined;
  return SHARED.test(id) ? "shared" : undefined;
}

/** A built file's name in lower case (its extension dropped when `withoutExtension`). */
function lowerName(name: string, withoutExtension = false): string {
  const base = name.replace(/^.*\//, "");
  return (withoutExtension ? base.replace(/\.[^.]*$/, "") : base).toLowerCase();
}

/** The browser target (package.json `browserslist`, docs/decisions/024) in esbuild's names. */
const BROWSER_TARGETS = browserslistToEsbuild(undefined, {
  path: fileURLToPath(new URL(".", import.meta.url)),
});

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: {
    hmr: process.env.NODE_ENV !== "test",
    // The bench's baseline builds (bench/baseline/<commit>/: a whole checkout each, with its own
    // node_modules) are not this site's sources.
    watch: { ignored: ["**/bench/baseline/**"] },
  },
  build: {
    // The browser target (package.json `browserslist`, docs/decisions/024): esbuild lowers the
    // syntax the oldest engines lack and prefixes the CSS they read only prefixed.
    target: BROWSER_TARGETS,
    cssTarget: BROWSER_TARGETS,
    cssMinify: true,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      output: {
        manualChunks: sharedChunk,
        // Built files are named in lower case, hashes in hex: every path the site serves has one
        // spelling, case folded (app/http/canonical-path.ts), so `/assets/Root-AbC.js` and
        // `/assets/root-abc.js` can never be two files.
        hashCharacters: "hex",
        entryFileNames: (chunk) => `assets/${lowerName(chunk.name)}-[hash].js`,
        chunkFileNames: (chunk) => `assets/${lowerName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) =>
          `assets/${lowerName(asset.names[0] ?? "asset", true)}-[hash][extname]`,
      },
    },
  },
  plugins: [
    // `serverOnly$` (a content block's schema and resolver, app/blocks/define.ts): dropped, with
    // what only it imports, from the browser's build.
    envOnlyMacros(),
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ["**/*.test.*", "**/.*"],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
  ],
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          globalSetup: ["test/setup/compiled-server.ts"],
        },
      },
      {
        // Real redis-server and compiled app instances: these need the whole build to be current.
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/setup/current-build.ts"],
        },
      },
    ],
  },
});
