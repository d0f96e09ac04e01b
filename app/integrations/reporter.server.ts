import { getConfig } from "~/config/config.server";
import { log } from "~/observability/log.server";
import { shouldReportServerError } from "./server-errors";
import type { IntegrationsConfig } from "~/config/integrations";

/** How long one report may take to send; a slow ingest never holds anything else up. */
const SEND_TIMEOUT_MS = 5_000;

export interface ServerErrorContext {
  method: string;
  /** The path only: queries may hold a visitor's search or a token. */
  path: string;
  /** The visitor went away: their request's work was cancelled, not broken. */
  aborted: boolean;
}

export interface ServerReporter {
  report(error: unknown, context: ServerErrorContext): void;
  /** Waits (at most `timeoutMs`) until what was reported has been sent; for shut-down and tests. */
  flush(timeoutMs?: number): Promise<boolean>;
}

type ErrorsConfig = NonNullable<IntegrationsConfig["errors"]>;

/**
 * Sentry's own client for servers (`@sentry/core`'s ServerRuntimeClient, loaded on the first
 * report) with a fetch transport: no OpenTelemetry and no patched modules, just errors sent as
 * envelopes to the DSN's ingest.
 */
async function createClient(config: ErrorsConfig) {
  const core = await import("@sentry/core");
  const { ServerRuntimeClient, nodeStackLineParser } = await import("@sentry/core/server");
  const client = new ServerRuntimeClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    platform: "node",
    runtime: { name: "node", version: process.version },
    sendDefaultPii: false,
    stackParser: core.createStackParser(nodeStackLineParser()),
    integrations: [core.linkedErrorsIntegration(), core.dedupeIntegration()],
    transport: (options) =>
      core.createTransport(options, async (request) => {
        const response = await fetch(options.url, {
          method: "POST",
          body: request.body as BodyInit,
          headers: options.headers,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return {
          statusCode: response.status,
          headers: {
            "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"),
            "retry-after": response.headers.get("retry-after"),
          },
        };
      }),
  });
  client.init();
  return { client, Scope: core.Scope };
}

/**
 * A reporter for the configured DSN. Reporting never blocks or fails a response: `report`
 * returns at once, and whatever goes wrong while sending is logged, not thrown.
 */
export function createServerReporter(config: ErrorsConfig): ServerReporter {
  let ready: ReturnType<typeof createClient> | null = null;
  const pending = new Set<Promise<unknown>>();
  const start = () => {
    ready ??= createClient(config);
    return ready;
  };
  return {
    report(error, context) {
      if (!shouldReportServerError(error, context)) return;
      const sent = start()
        .then(({ client, Scope }) => {
          const scope = new Scope();
          scope.setTag("http.method", context.method);
          scope.setTransactionName(`${context.method} ${context.path}`);
          scope.addEventProcessor((event) => ({
            ...event,
            request: { method: context.method, url: context.path },
          }));
          client.captureException(error, undefined, scope);
          return client.flush(SEND_TIMEOUT_MS);
        })
        .catch((failure: unknown) => log.warn("Error report not sent", failure))
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    async flush(timeoutMs = SEND_TIMEOUT_MS) {
      const all = Promise.all(pending).then(() => true);
      const timeout = new Promise<boolean>((resolve) =>
        setTimeout(resolve, timeoutMs, false).unref(),
      );
      return Promise.race([all, timeout]);
    },
  };
}

let shared: ServerReporter | null | undefined;

/**
 * Reports an unexpected server error when a DSN is configured (SENTRY_DSN); does nothing
 * otherwise. Safe to call from any error handler: it never throws.
 */
export function reportServerError(error: unknown, context: ServerErrorContext): void {
  try {
    if (shared === undefined) {
      const { errors } = getConfig().integrations;
      shared = errors ? createServerReporter(errors) : null;
    }
    shared?.report(error, context);
  } catch (failure) {
    log.warn("Error report not sent", failure);
  }
}
