import {
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  BrowserClient,
  browserTracingIntegration,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  eventFiltersIntegration,
  getCurrentScope,
  globalHandlersIntegration,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
} from "@sentry/browser";
import type { PublicErrorReporting } from "./public";
import { reporterOptions } from "./reporter-options";

export interface BrowserReporter {
  capture(error: unknown): void;
}

/**
 * Starts the error reporter (its own chunk, loaded once the page is idle). The client is built
 * with the integrations it needs, named one by one, so the bundle holds only those: uncaught
 * errors and rejections, their causes, breadcrumbs, the page's URL, duplicates dropped, and
 * page-load and navigation traces. No session pings and no console capture.
 */
export function startReporter(config: PublicErrorReporting): BrowserReporter {
  const client = new BrowserClient({
    ...reporterOptions(config),
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [
      eventFiltersIntegration(),
      browserApiErrorsIntegration(),
      breadcrumbsIntegration(),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      browserTracingIntegration(),
    ],
  });
  getCurrentScope().setClient(client);
  client.init();
  document.documentElement.dataset.errorReporting = "on";
  return { capture: (error) => void captureException(error) };
}
