/**
 * The cross-engine smoke suite: the site's main paths (scenarios.ts) in WebKit (WebKitGTK's
 * MiniBrowser) and Firefox ESR, each with JS on and off, against a production build the suite
 * starts itself. One browser session per engine and mode serves all of its scenarios.
 * Run with `npm run test:engines`.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Driver, EngineName } from "./driver";
import { launchFirefox } from "./firefox";
import { startSharedCache, type SharedCache } from "../support/shared-cache";
import { stylesheetsApplied, until } from "./checks";
import { SCENARIOS, START_COOKIES, throughSharedCache } from "./scenarios";
import { ROOT, startSite, type Site } from "./server";
import { launchWebKit } from "./webkit";

const LAUNCH: Record<EngineName, (baseUrl: string, js: boolean) => Promise<Driver>> = {
  webkit: launchWebKit,
  firefox: launchFirefox,
};

const RUNS: { engine: EngineName; js: boolean }[] = [
  { engine: "webkit", js: true },
  { engine: "webkit", js: false },
  { engine: "firefox", js: true },
  { engine: "firefox", js: false },
];

/** A failed scenario's last view, for the report. */
const SHOTS = join(ROOT, "test-results", "engines");

async function keepScreenshot(driver: Driver, name: string): Promise<void> {
  const shot = await driver.screenshot().catch(() => undefined);
  if (!shot) return;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, name), shot);
  console.log(`Screenshot of the failed scenario: ${join(SHOTS, name)}`);
}

/** Where the policy check's probe images come from: a host no policy of the site allows. */
const PROBE_HOST = "csp-probe.invalid";
const PROBE_ORIGIN = `http://${PROBE_HOST}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timings: { engine: EngineName; js: boolean; ms: number }[] = [];
let site: Site | undefined;
/** nginx in front of the same site, keeping what its headers allow (one check per run). */
let cache: SharedCache | undefined;

beforeAll(async () => {
  rmSync(SHOTS, { recursive: true, force: true });
  site = await startSite();
  cache = await startSharedCache({ upstream: site.baseUrl.replace("localhost", "127.0.0.1") });
});

afterAll(async () => {
  await cache?.stop();
  await site?.stop();
  const lines = (["webkit", "firefox"] as const).map((engine) => {
    const runs = timings.filter((timing) => timing.engine === engine);
    const total = runs.reduce((sum, run) => sum + run.ms, 0);
    const parts = runs.map((run) => `JS ${run.js ? "on" : "off"} ${seconds(run.ms)}`);
    return `  ${engine.padEnd(8)} ${seconds(total).padStart(8)}  (${parts.join(", ")})`;
  });
  console.log(["Engine timings (launch, scenarios, shutdown):", ...lines].join("\n"));
});

for (const { engine, js } of RUNS) {
  describe(`${engine}, JS ${js ? "on" : "off"}`, () => {
    let driver: Driver | undefined;
    let started = 0;

    beforeAll(async () => {
      started = performance.now();
      if (!site) throw new Error("the site did not start");
      driver = await LAUNCH[engine](site.baseUrl, js);
    });

    afterAll(async () => {
      try {
        await driver?.close();
      } finally {
        timings.push({ engine, js, ms: performance.now() - started });
      }
    });

    it.for(SCENARIOS.map((scenario, index) => ({ ...scenario, number: index + 1 })))(
      "$name",
      async (scenario) => {
        if (!driver) throw new Error(`${engine} did not start`);
        await driver.resetCookies(START_COOKIES);
        try {
          await scenario.run(driver);
        } catch (error) {
          await keepScreenshot(driver, `${engine}-js-${js ? "on" : "off"}-${scenario.number}.png`);
          throw error;
        }
        // Wherever a path ends, it is the site's page, not its generic error page.
        expect(await driver.text()).not.toContain("Ooops! Something went wrong!");
      },
    );

    it("two pages through a plain shared cache (nginx): the second a kept copy, each whole", async () => {
      if (!driver || !cache) throw new Error(`${engine} or the cache did not start`);
      await driver.resetCookies(START_COOKIES);
      try {
        const { first, second } = await throughSharedCache(driver, cache);
        expect(first?.status).toBe(200);
        // The browser's own request of the second page, answered from nginx's copy.
        expect(second).toMatchObject({ status: 200, cache: "HIT" });
      } catch (error) {
        await keepScreenshot(driver, `${engine}-js-${js ? "on" : "off"}-shared-cache.png`);
        throw error;
      }
    });

    // How the policy check hears of violations in this engine and mode. WebKit posts reports,
    // which the site logs. Firefox takes the policy's report-to over its report-uri and delivers
    // no report at all, so with JS the driver hears every page's securitypolicyviolation events;
    // without JS nothing runs a listener and the check is that each page's stylesheets applied,
    // as every page was checked when it opened (checks.ts open), scripts running in none.
    const heard = engine === "webkit" ? "reports" : js ? "events" : "stylesheets";
    it(`ran every script and stylesheet of its pages under the Content-Security-Policy (${heard})`, async () => {
      if (!driver || !site) throw new Error(`${engine} or the site did not start`);
      const watched = driver;
      const origins = [site.baseUrl, cache?.url].map((url) => url && new URL(url).origin);
      if (!origins.includes((await driver.url()).origin)) await driver.goto("/features");
      if (heard === "stylesheets") {
        await stylesheetsApplied(driver);
        expect(driver.policyViolations()).toBeNull();
        return;
      }
      // The last page breaks its policy once on purpose (an image from a host no policy
      // allows), and this waits until that violation has come through: each channel delivers
      // in the order the engine met them, so any before it has come through too.
      const image = `${engine}-js-${js ? "on" : "off"}.png`;
      await driver.evaluate((src: string) => {
        new Image().src = src;
      }, `${PROBE_ORIGIN}/${image}`);
      const reported = site;
      const violations = () =>
        heard === "reports" ? reported.violations() : (watched.policyViolations() ?? []);
      await until(driver, `the violation of ${PROBE_ORIGIN}/${image} comes through`, async () =>
        violations().some((entry) => entry.includes(PROBE_HOST) && entry.includes(image)),
      );
      // Every run so far: an engine that broke the policy fails here or in the next run.
      expect(violations().filter((entry) => !entry.includes(PROBE_HOST))).toEqual([]);
    });
  });
}
