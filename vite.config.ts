import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { hmr: process.env.NODE_ENV !== "test" },
  build: {
    target: "es2022",
    cssMinify: true,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
  plugins: [
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
    include: ["app/**/*.test.{ts,tsx}", "test/unit/**/*.test.{ts,tsx}", "mocks/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/setup/compiled-server.ts"],
  },
});
