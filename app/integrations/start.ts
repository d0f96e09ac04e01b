import type { PublicIntegrations } from "./public";
import type { BrowserReporter } from "./reporter.client";
import { whenPageIdle } from "./idle";

/** Errors a page's error boundary met before the reporter was there (at most a few). */
const early: unknown[] = [];
const EARLY_LIMIT = 5;
let started = false;
let reporter: Promise<BrowserReporter | null> | null = null;

/**
 * Starts the configured integrations in the browser, once per page load. This module is a chunk
 * of its own that the root layout loads after hydration only when something is configured; once
 * the page is idle it loads error reporting (its own chunk) and the tag manager with its consent
 * script (another small chunk, which decides by the visitor's privacy signals and user agent).
 */
export function start(integrations: PublicIntegrations): void {
  if (started) return;
  started = true;
  const { errors, tagManager, consent } = integrations;
  const idle = new Promise<void>((resolve) => whenPageIdle(window, resolve));
  if (errors) {
    reporter = idle
      .then(() => import("./reporter.client"))
      .then((module) => module.startReporter(errors))
      .catch(() => null);
    void reporter.then((ready) => early.splice(0).forEach((error) => ready?.capture(error)));
  } else {
    early.length = 0;
  }
  if (tagManager || consent) {
    void idle
      .then(() => import("./tagging.client"))
      .then((module) => module.loadTagging(integrations, window))
      .catch(() => undefined);
  }
}

/** Reports an error a page caught itself (an error boundary), when error reporting is on. */
export function reportError(error: unknown): void {
  if (reporter) void reporter.then((ready) => ready?.capture(error));
  else if (!started && early.length < EARLY_LIMIT) early.push(error);
}
