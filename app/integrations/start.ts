import type { PublicIntegrations } from "./public";
import type { BrowserReporter } from "./reporter.client";
import { whenPageIdle } from "./tagging-loader";

/** Errors a page's error boundary met before the reporter was there (at most a few). */
const early: unknown[] = [];
const EARLY_LIMIT = 5;
let started = false;
let reporter: Promise<BrowserReporter | null> | null = null;

/**
 * Starts the configured integrations in the browser, once per page load, after hydration and
 * once the page is idle: error reporting in its own chunk, and the tag manager with its consent
 * script (their own small chunk, which decides by the visitor's privacy signals). Nothing is
 * loaded for what is not configured.
 */
export function startIntegrations(integrations: PublicIntegrations): void {
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
