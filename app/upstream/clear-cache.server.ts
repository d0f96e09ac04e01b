import { z } from "zod";
import type { UpstreamClient } from "./client.server";
import { isUpstreamError } from "./errors";

/** What one service said to its clear-cache call. */
export type UpstreamClearResult = { ok: true } | { ok: false; status: number; code?: string };

/**
 * Asks both upstream services to clear their caches (SPEC §7: `GET /coms/clear-cache/` and
 * `GET /{provider}/clear-cache/`), side by side; never throws. Keyed by service (`coms` and the
 * provider's slug). Their answers carry nothing the site uses, so any JSON is fine.
 */
export async function clearUpstreamCaches(
  client: UpstreamClient,
  provider: string,
): Promise<Record<string, UpstreamClearResult>> {
  const services = ["coms", provider];
  const results = await Promise.all(
    services.map(async (service): Promise<UpstreamClearResult> => {
      try {
        await client.request({ path: `/${service}/clear-cache/`, schema: z.unknown() });
        return { ok: true };
      } catch (error) {
        if (!isUpstreamError(error)) return { ok: false, status: 500 };
        return { ok: false, status: error.statusCode, ...(error.code ? { code: error.code } : {}) };
      }
    }),
  );
  return Object.fromEntries(services.map((service, i) => [service, results[i]!]));
}
