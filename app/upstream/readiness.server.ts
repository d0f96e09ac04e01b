import { z } from "zod";
import { DEFAULT_LANG } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { recordReadiness } from "~/observability/metrics.server";
import { upstream } from "./client.server";
import type { CacheArea } from "./cache-areas";
import type { UpstreamFamily } from "./families";
import { PROBE_TIMEOUT_MS, readinessOf, type Readiness, type UpstreamHealth } from "./readiness";

/**
 * What pages need: the content service's pages and site data. A failing search, download or
 * checkout leaves the instance able to serve pages, so only this family's health counts.
 */
const PAGES: UpstreamFamily = "content";
/** The cache areas whose answers serve no page but their own (cache-areas.ts). */
const NOT_PAGES: readonly CacheArea[] = ["search"];

let probing: Promise<unknown> | null = null;

/**
 * One bounded call to the content service (its site data, uncached). Concurrent checks share
 * one probe; the call counts for the content family's breaker and last answer like any other.
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
  const answeredAt = client.lastAnswerTime(PAGES);
  return {
    breaker: client.breakerState(PAGES),
    sinceAnswerMs: answeredAt === null ? null : now - answeredAt,
    // Answers pages can be served from: kept searches serve no page.
    cacheWarm: client.cache?.hasEntries(NOT_PAGES) ?? false,
  };
}

let lastReason: Readiness["reason"] | null = null;

/**
 * The verdict's reason goes to the metrics at every check, and to the log when it changes (a load
 * balancer asks every few seconds): `/readyz` itself tells the public only ready or not.
 */
function note(verdict: Readiness): Readiness {
  recordReadiness(verdict.reason);
  if (verdict.reason !== lastReason) {
    const was = lastReason ?? "none";
    if (verdict.ready) log.info(`Readiness: ready (${verdict.reason}; was ${was})`);
    else log.warn(`Readiness: unavailable (${verdict.reason}; was ${was})`);
    lastReason = verdict.reason;
  }
  return verdict;
}

/** `/readyz`: the readiness rule (readiness.ts) over the process-wide client, probing if need be. */
export async function checkReadiness(): Promise<Readiness> {
  const verdict = readinessOf(health(Date.now()));
  if (verdict !== "probe") return note(verdict);
  await probe();
  return note(readinessOf(health(Date.now()), true));
}
