/**
 * `npm run check:quality`: every quality gate against one production server (sandbox upstream),
 * then one summary table. Exits 1 when any gate fails. The speed benchmark is separate
 * (`npm run bench`), as its figures depend on how busy the machine is.
 */
import { checkA11y } from "./a11y";
import { checkHtml } from "./html-validate";
import { checkJsBudget } from "./js-budget";
import { checkLighthouse } from "./lighthouse";
import { checkLinks } from "./links";
import { checkObservatory } from "./observatory";
import { startServer } from "./server";
import type { CheckResult } from "./types";

const PORT = Number(process.env.QUALITY_PORT ?? 4510);

const CHECKS: [string, (baseUrl: string) => Promise<CheckResult>][] = [
  ["JS budget", checkJsBudget],
  ["Lighthouse", checkLighthouse],
  ["Accessibility", checkA11y],
  ["Valid HTML", checkHtml],
  ["Links", checkLinks],
  // Starts its own server behind a TLS proxy and an http front (an https SITE_URL).
  ["Observatory", () => checkObservatory()],
];

async function main(): Promise<number> {
  const server = await startServer(PORT);
  const results: (CheckResult & { seconds: number })[] = [];
  try {
    for (const [label, check] of CHECKS) {
      const started = Date.now();
      console.log(`▶ ${label}…`);
      let result: CheckResult;
      try {
        result = await check(server.url);
      } catch (error) {
        result = {
          name: label,
          ok: false,
          summary: "the check itself failed",
          details: [String(error)],
        };
      }
      results.push({ ...result, seconds: (Date.now() - started) / 1000 });
      for (const line of result.ok ? [] : result.details.slice(0, 40)) console.log(`    ${line}`);
    }
  } finally {
    await server.stop();
  }
  console.log("\nQuality gates");
  console.table(
    results.map((r) => ({
      check: r.name,
      result: r.ok ? "PASS" : "FAIL",
      summary: r.summary,
      seconds: r.seconds.toFixed(1),
    })),
  );
  const failed = results.filter((r) => !r.ok).length;
  console.log(`Quality gates: ${results.length - failed} of ${results.length} hold`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
