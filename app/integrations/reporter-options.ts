import { shouldReport } from "./error-filter";
import type { PublicErrorReporting } from "./public";
import { scrubEvent } from "./scrub";
import { TRACES_SAMPLE_RATE } from "~/config/integrations";

/**
 * The browser reporter's options: the DSN, environment and release configured on the server,
 * SPEC §9's trace sample rate, no personal data, SPEC §8's filter on errors and no query strings
 * in anything sent.
 */
export function reporterOptions(config: PublicErrorReporting) {
  return {
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    beforeSend<T extends object>(event: T, hint: { originalException?: unknown }): T | null {
      return shouldReport(hint.originalException) ? scrubEvent(event) : null;
    },
    beforeSendTransaction<T extends object>(event: T): T {
      return scrubEvent(event);
    },
  };
}
