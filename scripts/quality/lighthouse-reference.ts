import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Result } from "lighthouse";
import { freePort } from "./ports.ts";

/**
 * The reference page of the Lighthouse gate (decision 019): one heading and one paragraph, no
 * script, no stylesheet, no font, no image — the least a page can be. Lighthouse measures it in
 * the same run as the site's pages, served twice: with the security headers the site sends, and
 * with none. What it scores is what this machine and this browser allow any page, so the site's
 * own share of Total Blocking Time is the difference, and a machine where even this page misses
 * 100 shows it in the report instead of in a guess.
 */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference page</title>
<meta name="description" content="The least a page can be: one heading and one paragraph.">
</head>
<body>
<h1>Reference page</h1>
<p>One heading and one paragraph, served with or without the site's security headers.</p>
</body>
</html>
`;

/**
 * The response headers of the site that change how the browser loads a page (its process, its
 * policies), copied onto the reference page. `Cross-Origin-Opener-Policy` is the one that costs:
 * Lighthouse starts from `about:blank`, and a page with it needs a new renderer process.
 */
export const COPIED_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
  "origin-agent-cluster",
] as const;

/** The headers of `COPIED_HEADERS` that a site response carries, by lower-case name. */
export function copiedHeaders(headers: Headers): Record<string, string> {
  const copied: Record<string, string> = {};
  for (const name of COPIED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) copied[name] = value;
  }
  return copied;
}

export type ReferenceVariant = "site-headers" | "no-headers";

export interface ReferenceServer {
  url(variant: ReferenceVariant): string;
  stop(): Promise<void>;
}

/** Serves the reference page on `port` (127.0.0.1), with `siteHeaders` on its `site-headers` path. */
export async function startReferenceServer(
  port: number,
  siteHeaders: Record<string, string>,
): Promise<ReferenceServer> {
  const server: Server = createServer((request, response) => {
    const variant = request.url?.split("?")[0]?.slice(1);
    if (request.method !== "GET" || (variant !== "site-headers" && variant !== "no-headers")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response
      .writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...(variant === "site-headers" ? siteHeaders : {}),
      })
      .end(REFERENCE_HTML);
  });
  await new Promise<void>((listening, failed) => {
    server.once("error", failed).listen(port, "127.0.0.1", () => listening());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    // `localhost`, like the site's own base URL: the same kind of origin for Chromium.
    url: (variant) => `http://localhost:${bound}/${variant}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

export interface ReferenceRun {
  variant: ReferenceVariant;
  /** The median run, or nothing when Lighthouse gave no result. */
  lhr: Result | undefined;
}

/**
 * The reference page with the site's own headers (copied from its home page) and with none,
 * measured by `median` (the gate's median of its runs) in the same browser as the site's pages.
 */
export async function measureReference(
  baseUrl: string,
  median: (url: string) => Promise<Result | undefined>,
): Promise<ReferenceRun[]> {
  const site = await fetch(`${baseUrl}/`, { redirect: "manual" });
  await site.body?.cancel();
  const server = await startReferenceServer(await freePort(), copiedHeaders(site.headers));
  try {
    const runs: ReferenceRun[] = [];
    for (const variant of ["site-headers", "no-headers"] as const) {
      runs.push({ variant, lhr: await median(server.url(variant)) });
    }
    return runs;
  } finally {
    await server.stop();
  }
}

const tbtOf = (lhr: Result) => Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
const perfOf = (lhr: Result) => (lhr.categories.performance?.score ?? 0).toFixed(2);

/** The report line of one reference run. */
export function referenceLine({ variant, lhr }: ReferenceRun): string {
  const headers = variant === "site-headers" ? "the site's security headers" : "no headers";
  const what = `reference page (one paragraph, ${headers})`;
  if (!lhr) return `FAIL ${what}: Lighthouse returned no result`;
  return `${what}: perf ${perfOf(lhr)}, TBT ${tbtOf(lhr)} ms — the most this machine allows a page`;
}

/** A few words for the gate's summary. */
export function referenceShort({ variant, lhr }: ReferenceRun): string {
  const label = variant === "site-headers" ? "reference page, site headers" : "no headers";
  return lhr ? `${label}: perf ${perfOf(lhr)} TBT ${tbtOf(lhr)} ms` : `${label}: no result`;
}
