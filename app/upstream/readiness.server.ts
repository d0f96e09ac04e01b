import { z } from "zod";
import { DEFAULT_LANG } from "~/i18n/languages";
import { upstream } from "./client.server";
import { PROBE_TIMEOUT_MS, readinessOf, type Readiness, type UpstreamHealth } from "./readiness";

let probing: Promise<unknown> | null = null;

/**
 * One bounded call to the content service (its site data, uncached). Concurrent checks share
 * one probe; the call counts for the circuit breaker and the client's last answer like any other.
 */
function probe(): Promise<unknown> {
  probing ??= upstream()
    .request({
      path: "/coms/site/",
      query: { lang: DEFAULT_LANG },
      schema: z.unknown(),
      timeoutMs: PROBE_TIMEOUT_MS,
    })
    .catch(() => undefined)
    .finally(() => {
      probing = null;
    });
  return probing;
}

function health(now: number): UpstreamHealth {
  const client = upstream();
  const answeredAt = client.lastAnswerTime;
  return {
    breaker: client.breakerState,
    sinceAnswerMs: answeredAt === null ? null : now - answeredAt,
    cacheWarm: client.cache?.hasEntries() ?? false,
  };
}

/** `/readyz`: the readiness rule (readiness.ts) over the process-wide client, probing if need be. */
export async function checkReadiness(): Promise<Readiness> {
  const verdict = readinessOf(health(Date.now()));
  if (verdict !== "probe") return verdict;
  await probe();
  return readinessOf(health(Date.now()), true);
}
