import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Response } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";
import { runStandalone } from "./standalone.ts";
import { localized, PAGE_TYPES, type CheckResult } from "./types.ts";

const KB = 1024;

/** Gzip budgets by path prefix (English path); the longest matching prefix wins. */
export const JS_BUDGETS: { prefix: string; bytes: number }[] = [
  { prefix: "/", bytes: 100 * KB },
  { prefix: "/order/checkout", bytes: 130 * KB },
  // Pages with a conform + zod form (contact, partners) load that form's chunk on top.
  { prefix: "/contact", bytes: 126 * KB },
  { prefix: "/partners", bytes: 126 * KB },
  // The blog's index loads its list of posts and its pager (~1.1 KB) on top; its posts do not.
  { prefix: "/blog", bytes: 102 * KB },
  { prefix: "/blog/", bytes: 100 * KB },
  // The downloads hub loads its own chunk (~1.4 KB: the platform cards with their badges, and
  // marking the visitor's platform) on top; a platform page its release notes (~0.8 KB).
  { prefix: "/downloads", bytes: 102 * KB },
  // The password generator loads its own chunk (~2 KB: the generator and its form) on top.
  { prefix: "/password-generator", bytes: 105 * KB },
  // The pricing page loads the pricing blocks' chunk (~2.6 KB: plan cards, period switch, tiers,
  // the feature-by-plan comparison) on top.
  { prefix: "/pricing", bytes: 103 * KB },
  // The payment outcome pages load the order's summary (~1.8 KB, its status polling) and the
  // newsletter offer it makes after a checkout (the footer form's code) on top.
  { prefix: "/payment-success", bytes: 105 * KB },
  { prefix: "/payment-error", bytes: 105 * KB },
];

/**
 * Pages measured besides the common page types: the checkout before its card step (130 KB), whose
 * scripts must not hold the card provider's code (Stripe.js loads on the card step only), and the
 * password generator.
 */
const BUDGET_PAGES: { type: string; path: string }[] = [
  { type: "checkout", path: "/order/checkout?plan=103" },
  // The password generator's own chunk loads on its page only.
  { type: "password generator", path: "/password-generator" },
  // Signed-in pages: measured anonymous they redirect, so the account page's form page stands in.
  { type: "account (sign-in with a return path)", path: "/sign-in?to=/account" },
];

/** Signs of the card provider's code in a chunk: its script's host and its loader. */
const CARD_PROVIDER_CODE = ["js.stripe.com", "loadStripe"];

/** Browses as a person would: headless Chromium's own user agent is (rightly) a bot to the site. */
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

interface Chunk {
  url: string;
  gzip: number;
}

interface PageReport {
  label: string;
  /** The English path (budgets match on it) and the path actually loaded. */
  path: string;
  url: string;
  budget: number;
  total: number;
  chunks: Chunk[];
  thirdParty: string[];
  /** Chunks that hold the card provider's code (checkout pages). */
  cardProviderChunks: string[];
  error?: string;
}

function budgetFor(path: string): number {
  const rules = JS_BUDGETS.filter((rule) => path.startsWith(rule.prefix));
  rules.sort((a, b) => b.prefix.length - a.prefix.length);
  return rules[0]?.bytes ?? 100 * KB;
}

function isScript(resourceType: string, url: string): boolean {
  return resourceType === "script" || /\.js(\?|#|$)/.test(url);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const shortName = (url: string) => new URL(url).pathname;

async function measurePage(
  browser: Browser,
  baseUrl: string,
  label: string,
  path: string,
  url: string,
) {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext({ userAgent: PERSON_UA, locale: "en-US" });
  const page = await context.newPage();
  const scripts = new Map<string, Response>();
  const thirdParty = new Set<string>();
  // Requests, not responses: with no network a third-party script fails and never answers.
  page.on("request", (request) => {
    const src = request.url();
    if (src.startsWith("data:") || !isScript(request.resourceType(), src)) return;
    if (new URL(src).origin !== origin) thirdParty.add(src);
  });
  page.on("response", (response) => {
    const src = response.url();
    if (src.startsWith("data:") || !isScript(response.request().resourceType(), src)) return;
    if (new URL(src).origin === origin && response.status() < 300) scripts.set(src, response);
  });
  const report: PageReport = {
    label,
    path,
    url,
    budget: budgetFor(path),
    total: 0,
    chunks: [],
    thirdParty: [],
    cardProviderChunks: [],
  };
  try {
    await page.goto(`${baseUrl}${url}`);
    await page.waitForSelector('html[data-hydrated="true"]', { state: "attached" });
    await page.waitForLoadState("networkidle");
    // Scroll down a screen at a time (lazy chunks load on intersection), then back up.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState("networkidle");
    for (const [src, response] of scripts) {
      const body = await response.body();
      report.chunks.push({ url: src, gzip: gzipSync(body, { level: 9 }).length });
      const text = body.toString("utf8");
      if (CARD_PROVIDER_CODE.some((sign) => text.includes(sign))) {
        report.cardProviderChunks.push(src);
      }
    }
  } catch (error) {
    report.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await context.close();
  }
  report.chunks.sort((a, b) => b.gzip - a.gzip);
  report.total = report.chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  report.thirdParty = [...thirdParty];
  return report;
}

export async function checkJsBudget(baseUrl: string): Promise<CheckResult> {
  const pages = [
    ...[...PAGE_TYPES, ...BUDGET_PAGES].map(({ type, path }) => ({ label: type, path, url: path })),
    ...PAGE_TYPES.filter(({ type }) => type === "home" || type === "pricing").map(
      ({ type, path }) => ({ label: `${type} (de)`, path, url: localized(path, "de") }),
    ),
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const reports: PageReport[] = [];
  try {
    for (const { label, path, url } of pages) {
      reports.push(await measurePage(browser, baseUrl, label, path, url));
    }
  } finally {
    await browser.close();
  }

  const details: string[] = [];
  let failures = 0;
  for (const report of reports) {
    const where = `${report.label} ${report.url}`;
    const largest = report.chunks
      .slice(0, 3)
      .map((chunk) => `${shortName(chunk.url)} ${kb(chunk.gzip)}`)
      .join(", ");
    const over = report.total > report.budget;
    if (over || report.error) failures++;
    const status = report.error ? "FAIL" : over ? "OVER" : "ok";
    details.push(
      `${status} ${where}: ${kb(report.total)} gz in ${report.chunks.length} scripts` +
        ` (budget ${report.budget / KB} KB); largest: ${largest || "none"}` +
        (report.error ? `; not measured in full: ${report.error}` : ""),
    );
    for (const chunk of report.cardProviderChunks) {
      failures++;
      details.push(`FAIL ${where}: card provider code before the card step: ${shortName(chunk)}`);
    }
    for (const script of report.thirdParty) {
      failures++;
      details.push(`FAIL ${where}: third-party script requested: ${script}`);
    }
  }

  const max = reports.reduce<PageReport | undefined>(
    (top, report) => (!top || report.total > top.total ? report : top),
    undefined,
  );
  const summary = max
    ? `max ${kb(max.total)} gz (${max.label}); budget ${max.budget / KB} KB`
    : "no pages measured";
  return {
    name: "JS budget",
    ok: failures === 0,
    summary: failures ? `${summary}; ${failures} failure(s)` : summary,
    details,
  };
}

await runStandalone(import.meta.url, checkJsBudget);
