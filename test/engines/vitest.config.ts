import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The cross-engine smoke suite (npm run test:engines): one file, its engines and modes one after
 * another, each scenario with time for a browser on a busy two-core machine.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../../", import.meta.url)),
  test: {
    include: ["test/engines/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    // Starting the site (and building it when there is no build) and launching a browser.
    hookTimeout: 300_000,
    // The JSON report feeds the closing summary of `.ci/run` (scripts/test-summary.mjs).
    reporters: ["verbose", ["json", { outputFile: "test-results/engines.json" }]],
  },
});
