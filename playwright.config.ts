import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/quality/chromium";
import { INTEGRATIONS_ENV } from "./test/e2e/integrations";
import { E2E_SESSION_SECRET } from "./test/e2e/sign-in-session";

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Set by the quality checks to run a suite against a server they started themselves. */
const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL;
/**
 * A server already listening on the ports is reused only when asked (`E2E_REUSE=1`): one left
 * from an earlier build (or another checkout) would otherwise answer for this one, unnoticed.
 * Without it, a busy port stops the run at once with Playwright's message naming the port.
 */
const REUSE = process.env.E2E_REUSE === "1" && !process.env.CI;

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/e2e",
  timeout: 30_000,
  use: {
    baseURL: EXTERNAL_BASE_URL ?? `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    locale: "en-US",
    // Smooth scrolling moves elements while Playwright aims its clicks; tests don't need it.
    reducedMotion: "reduce",
    // Headless Chromium announces itself as such, which isbot rightly calls a bot; the suite
    // browses as a person would.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: /\.no-js-only\.spec\.ts$/ },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: EXTERNAL_BASE_URL
    ? []
    : [
        {
          command: "npm run build && exec node build/server.js",
          url: `http://localhost:${PORT}/healthz`,
          reuseExistingServer: REUSE,
          timeout: 180_000,
          env: {
            PORT: String(PORT),
            NODE_ENV: "production",
            SANDBOX: "1",
            SESSION_SECRET: E2E_SESSION_SECRET,
            LOG_LEVEL: "warn",
            // Each test posts as its own visitor (X-Forwarded-For, see fixtures.ts), so the
            // per-IP form limits hold per test, as they would for real visitors behind a proxy.
            TRUST_PROXY: "loopback",
            // With JS, cards are paid on the checkout's card step (Stripe.js stand-in, see
            // test/e2e/stripe-stand-in.ts); the second server keeps the hosted page for every method.
            STRIPE_PUBLISHABLE_KEY: "pk_test_sandbox",
            // The operators' endpoints exist, so the attack and fuzz suites meet their checks
            // (no test sends these tokens: a clear would empty the caches other tests rely on).
            ADMIN_TOKEN: "e2e-admin-token-never-sent-by-any-test-0123456789",
            METRICS_TOKEN: "e2e-metrics-token-never-sent",
          },
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          // The same build with its clock pinned inside the rewards banner window (2025-07-09…12-31).
          command: "exec node build/server.js",
          url: `http://localhost:${PORT + 1}/healthz`,
          reuseExistingServer: REUSE,
          timeout: 180_000,
          env: {
            PORT: String(PORT + 1),
            NODE_ENV: "production",
            SANDBOX: "1",
            SESSION_SECRET: E2E_SESSION_SECRET,
            LOG_LEVEL: "warn",
            CLOCK_NOW: "2025-08-01T12:00:00Z",
          },
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          // The same build with every optional third party configured and the CSP enforced
          // (test/e2e/integrations.ts: the tests answer the third-party URLs themselves).
          command: "exec node build/server.js",
          url: `http://localhost:${PORT + 2}/healthz`,
          reuseExistingServer: REUSE,
          timeout: 180_000,
          env: {
            PORT: String(PORT + 2),
            NODE_ENV: "production",
            SANDBOX: "1",
            SESSION_SECRET: E2E_SESSION_SECRET,
            LOG_LEVEL: "warn",
            TRUST_PROXY: "loopback",
            CSP_REPORT_ONLY: "false",
            ...INTEGRATIONS_ENV,
          },
          stdout: "ignore",
          stderr: "pipe",
        },
      ],
});
