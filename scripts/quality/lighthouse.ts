import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";
import {
  measureReference,
  type ReferenceRun,
  referenceLine,
  referenceShort,
} from "./lighthouse-reference.ts";
import { runStandalone } from "./standalone.ts";
import type { CheckResult } from "./types.ts";

const CATEGORIES = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "bp",
  seo: "seo",
} as const;

type Category = keyof typeof CATEGORIES;

/**
 * What every page must reach in each category (decision 019). The target is 1.0 everywhere;
 * performance is held to a floor that the CI machine reaches reliably: simulated throttling
 * multiplies the CPU time it observes by four, so its Total Blocking Time (hydration, layout and
 * the browser's own navigation work) follows the machine's speed and load — 0.97–1.0 on the
 * machine decision 019 was measured on, 0.78–0.87 on a slower one with the same build. The paint
 * budgets below do not move with the machine and hold the critical path.
 */
export const MIN_SCORES: Record<Category, number> = {
  performance: 0.7,
  accessibility: 1,
  "best-practices": 1,
  seo: 1,
};

/**
 * Simulated paint times (ms) every page must keep. They hardly move with the machine's load and
 * fail at once when a stylesheet, the font or a blocking script joins the critical path. Remix's
 * hydration chunks load as Remix writes them, beside the page's image and font (decision 041):
 * Lighthouse counts every module script that finished before the observed first paint, so a page
 * measures either ~1.2 s (chunks still on their way when it painted) or 2.1–2.3 s; LCP 1.5–2.5 s.
 */
export const MAX_METRICS: { id: string; short: string; ms: number }[] = [
  { id: "first-contentful-paint", short: "FCP", ms: 2500 },
  { id: "largest-contentful-paint", short: "LCP", ms: 2800 },
];

/** The metrics of a run over their budget, in words. */
function overBudget(lhr: Result): string[] {
  return MAX_METRICS.flatMap(({ id, short, ms }) => {
    const value = lhr.audits[id]?.numericValue;
    return value === undefined || value > ms
      ? [`${short} ${value === undefined ? "missing" : Math.round(value)} ms > ${ms} ms`]
      : [];
  });
}

/** Runs per page (LIGHTHOUSE_RUNS, default 5); the median run is scored: perf varies with load. */
const RUNS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? 5)) || 1);
/** How many times a page that misses the threshold is measured (LIGHTHOUSE_ATTEMPTS, default 3). */
const ATTEMPTS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_ATTEMPTS ?? 3)) || 1);

interface AuditedPage {
  path: string;
  /** Categories not held to MIN_SCORES on this page, each with the reason (shown in the report). */
  unscored?: Partial<Record<Category, string>>;
}

/** Pages audited. */
const PAGES: AuditedPage[] = [
  { path: "/" },
  { path: "/pricing" },
  { path: "/blog/passkeys-explained" },
  {
    path: "/order/checkout?plan=102",
    // Lighthouse's SEO category fails every noindex page ("is-crawlable"); a checkout is noindex
    // on purpose. Its other SEO audits are listed in the report all the same.
    unscored: { seo: "noindex on purpose (a buyer's checkout is not for search engines)" },
  },
];

/** The categories a page is held to. */
const scoredOn = (page: AuditedPage): Category[] =>
  (Object.keys(CATEGORIES) as Category[]).filter((id) => !page.unscored?.[id]);

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

const REPORT_DIR = fileURLToPath(new URL("../../test-results/lighthouse/", import.meta.url));

const slug = (path: string) =>
  path.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home";
const score = (value: number | null | undefined) => (value ?? 0).toFixed(2);

/** A few words on the first items of an audit (the node, URL, issue or message at fault). */
function itemsOf(audit: Result["audits"][string]): string {
  type Item = Record<string, unknown> & { items?: Item[]; subItems?: { items?: Item[] } };
  const flat = (items: Item[] = []): Item[] =>
    items.flatMap((item) => (item.type === "table" ? flat(item.items) : [item]));
  const words = flat((audit.details as { items?: Item[] } | undefined)?.items).map((item) => {
    const node = item.node as { selector?: string } | undefined;
    const sub = item.subItems?.items?.map((entry) => entry.url ?? entry.text).join(", ");
    const text =
      node?.selector ??
      item.description ??
      item.url ??
      item.source ??
      item.issueType ??
      item.groupLabel ??
      item.phase;
    const ms = item.duration ?? item.timing;
    const word = typeof text === "string" ? text : text ? JSON.stringify(text) : "";
    const time = typeof ms === "number" ? ` ${Math.round(ms)} ms` : "";
    return word ? `${word.slice(0, 120)}${time}${sub ? `: ${sub}` : ""}` : "";
  });
  const some = words.filter(Boolean).slice(0, 4);
  return some.length ? ` [${some.join(" | ")}]` : "";
}

function describe(audit: Result["audits"][string]): string {
  const value = audit.displayValue ? ` — ${audit.displayValue}` : "";
  const error = audit.errorMessage ? ` (error: ${audit.errorMessage})` : "";
  return `${audit.id}: ${audit.title}${value} (score ${score(audit.score)})${error}${itemsOf(audit)}`;
}

/** The lines of one page: scores, metrics, audits that lost points, perf opportunities. */
function pageDetails(path: string, lhr: Result): string[] {
  const lines: string[] = [];
  const scores = Object.entries(CATEGORIES)
    .map(([id, short]) => `${short} ${score(lhr.categories[id]?.score)}`)
    .join(" · ");
  lines.push(`${path}: ${scores}`);
  for (const warning of lhr.runWarnings) lines.push(`  warning: ${String(warning)}`);
  // A page that did not load errors every audit: its error says all there is to say.
  if (lhr.runtimeError) return [...lines, `  runtime error: ${lhr.runtimeError.message}`];
  const metrics = METRICS.map((id) => lhr.audits[id])
    .filter((audit) => audit !== undefined)
    .map((audit) => `${audit.title} ${audit.displayValue ?? "?"} (${score(audit.score)})`);
  lines.push(`  metrics: ${metrics.join(", ")}`);
  for (const [id, short] of Object.entries(CATEGORIES)) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight <= 0) continue;
      if (audit.scoreDisplayMode === "error" || (audit.score !== null && audit.score < 1)) {
        lines.push(`  ${short} lost points: ${describe(audit)}`);
      }
    }
    if (id !== "performance") continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group !== "diagnostics" || audit.score === null || audit.score >= 1)
        continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") {
        continue;
      }
      lines.push(`  perf opportunity/diagnostic: ${describe(audit)}`);
    }
  }
  return lines;
}

async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url, { redirect: "manual" }).catch(() => undefined);
  return response?.status === 200;
}

export async function checkLighthouse(baseUrl: string): Promise<CheckResult> {
  const pages: string[] = [];
  const details: string[] = [];
  for (const page of PAGES) {
    if (await answers200(`${baseUrl}${page.path}`)) pages.push(page.path);
    else details.push(`FAIL ${page.path}: does not answer 200`);
  }
  const pageOf = (path: string) => PAGES.find((page) => page.path === path) ?? { path };
  mkdirSync(REPORT_DIR, { recursive: true });
  const results: { path: string; lhr: Result }[] = [];
  let reference: ReferenceRun[] = [];
  // One browser, one page after another: the machine has two cores.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "error",
  });
  try {
    const medianRun = async (url: string) => {
      const runs: { lhr: Result; report: string }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: Object.keys(CATEGORIES),
          // The cookie notice stays closed, as for a returning visitor.
          extraHeaders: { Cookie: "dismissed=cookie" },
        });
        const report = runner?.report;
        if (runner) runs.push({ lhr: runner.lhr, report: [report ?? ""].flat().join("") });
      }
      const valid = filterToValidRuns(runs.map((run) => run.lhr));
      const median = valid.length ? computeMedianRun(valid) : runs[0]?.lhr;
      return runs.find((run) => run.lhr === median);
    };
    const passes = (path: string, lhr: Result) =>
      scoredOn(pageOf(path)).every((id) => (lhr.categories[id]?.score ?? 0) >= MIN_SCORES[id]) &&
      overBudget(lhr).length === 0;
    reference = await measureReference(baseUrl, async (url) => (await medianRun(url))?.lhr);
    for (const path of pages) {
      // Simulated throttling scales the CPU time it observes, so a busy machine costs a few
      // points: a page that misses is measured again (median of RUNS each time), up to ATTEMPTS.
      let chosen = await medianRun(`${baseUrl}${path}`);
      let attempts = 1;
      while (chosen && !passes(path, chosen.lhr) && attempts < ATTEMPTS) {
        attempts += 1;
        chosen = await medianRun(`${baseUrl}${path}`);
      }
      if (!chosen) {
        details.push(`FAIL ${path}: Lighthouse returned no result`);
        continue;
      }
      if (attempts > 1)
        details.push(`${path}: measured ${attempts} times (median of ${RUNS} each)`);
      writeFileSync(`${REPORT_DIR}${slug(path)}.json`, chosen.report);
      results.push({ path, lhr: chosen.lhr });
    }
  } finally {
    chrome.kill();
  }

  let ok = results.length === PAGES.length;
  const lowest = (Object.entries(CATEGORIES) as [Category, string][]).map(([id, short]) => {
    const scores = results
      .filter(({ path }) => scoredOn(pageOf(path)).includes(id))
      .map(({ lhr }) => lhr.categories[id]?.score ?? 0);
    const min = scores.length ? Math.min(...scores) : 0;
    if (min < MIN_SCORES[id]) ok = false;
    return `${short} ${score(min)} (≥ ${MIN_SCORES[id]})`;
  });
  const slowest = MAX_METRICS.map(({ id, short, ms }) => {
    const values = results.map(({ lhr }) => lhr.audits[id]?.numericValue ?? Infinity);
    if (values.some((value) => value > ms)) ok = false;
    return `${short} ${(Math.max(...values) / 1000).toFixed(2)} s (≤ ${ms / 1000} s)`;
  });
  for (const { path, lhr } of results) {
    const failing = [
      ...scoredOn(pageOf(path)).filter((id) => (lhr.categories[id]?.score ?? 0) < MIN_SCORES[id]),
      ...overBudget(lhr),
    ];
    if (failing.length) ok = false;
    const lines = pageDetails(path, lhr);
    for (const [id, reason] of Object.entries(pageOf(path).unscored ?? {}) as [
      Category,
      string,
    ][]) {
      lines.push(`  ${CATEGORIES[id]} not held to ${MIN_SCORES[id]} here: ${reason}`);
    }
    if (failing.length) lines[0] = `FAIL ${lines[0]} (below the minimum: ${failing.join(", ")})`;
    details.push(...lines);
  }
  if (reference.some((run) => !run.lhr)) ok = false;
  details.push(...reference.map(referenceLine));
  // Simulated throttling scales the CPU time it observes: a busy machine lowers perf scores.
  const load = loadavg().map((value) => value.toFixed(1));
  details.push(
    `full reports: ${REPORT_DIR}; load average ${load.join(" ")} on ${cpus().length} CPUs`,
  );
  return {
    name: "Lighthouse",
    ok,
    summary: `${[...lowest, ...slowest].join(" · ")} (worst of ${results.length} pages${RUNS > 1 ? `, median of ${RUNS} runs` : ""}); ${reference.map(referenceShort).join(", ")}`,
    details,
  };
}

await runStandalone(import.meta.url, checkLighthouse);
