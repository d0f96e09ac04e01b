/**
 * No broken links: linkinator crawls the running site from `/` and `/de/`, following same-origin
 * links; a broken internal link or a missing image fails. Other sites are not visited (this machine
 * has no network), only listed. Run alone: `npx tsx scripts/quality/links.ts` (starts a server).
 */
import { LinkChecker, LinkState } from "linkinator";
import { BROWSER_HEADERS } from "./fetch-page";
import { runStandalone } from "./standalone";
import type { CheckResult } from "./types";

export async function checkLinks(baseUrl: string): Promise<CheckResult> {
  const origin = new URL(baseUrl).origin;
  const broken: string[] = [];
  let checked = 0;
  let external = 0;
  // Download links answer with a redirect to the installer on another host, which this machine
  // cannot reach: they are checked here for a redirect to an https URL instead of followed.
  const handOffs = new Set<string>();
  const unanswered = new Map<string, string>();
  for (const start of ["/", "/de/"]) {
    const checker = new LinkChecker();
    checker.on("link", (result) => {
      if (result.state === LinkState.SKIPPED) {
        if (!result.url.startsWith(`${origin}/api/`)) external += 1;
        return;
      }
      checked += 1;
      if (result.state === LinkState.BROKEN) {
        // Status 0: the request itself failed (a connection dropped under the crawl's load on
        // two cores), which says nothing of the link: it is asked again once, alone, below.
        if (!result.status) unanswered.set(result.url, result.parent ?? "?");
        else broken.push(`${result.status} ${result.url} (on ${result.parent ?? "?"})`);
      }
    });
    await checker.check({
      path: `${origin}${start}`,
      recurse: true,
      concurrency: 8,
      timeout: 120_000,
      headers: BROWSER_HEADERS,
      // Other sites are never fetched; `mailto:` and the like are not links to check.
      linksToSkip: (link: string) => {
        if (link.startsWith(`${origin}/api/`)) handOffs.add(link);
        return Promise.resolve(!link.startsWith(origin) || link.startsWith(`${origin}/api/`));
      },
    });
  }
  for (const [link, parent] of unanswered) {
    const response = await fetch(link, {
      headers: BROWSER_HEADERS,
      signal: AbortSignal.timeout(30_000),
    }).catch(() => null);
    await response?.arrayBuffer().catch(() => null);
    if (!response?.ok) broken.push(`${response?.status ?? 0} ${link} (on ${parent}, asked twice)`);
  }
  for (const link of handOffs) {
    checked += 1;
    const response = await fetch(link, { redirect: "manual", headers: BROWSER_HEADERS });
    const location = response.headers.get("location") ?? "";
    if (response.status !== 302 || !location.startsWith("https://")) {
      broken.push(`${response.status} ${link} (download hand-off without an https redirect)`);
    }
  }
  const unique = [...new Set(broken)];
  return {
    name: "No broken links (linkinator)",
    ok: unique.length === 0,
    summary: `${unique.length} broken of ${checked} checked from / and /de/ (${external} external skipped)`,
    details: unique,
  };
}

await runStandalone(import.meta.url, checkLinks);
