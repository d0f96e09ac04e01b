// Prints the counts and wall time of each suite, then one closing line with the totals, read from
// their JSON reports (written by `npm test`).
import { existsSync, readFileSync } from "node:fs";

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

/** A vitest JSON report: counts, and the time from its start to its last file's end. */
function vitest(report) {
  const end = Math.max(report.startTime, ...report.testResults.map((file) => file.endTime ?? 0));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    ms: end - report.startTime,
  };
}

function playwright(report) {
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    ms: report.stats.duration,
  };
}

const suites = [
  ["unit and integration (vitest)", "test-results/vitest.json", vitest],
  ["Chromium, JS on and off (Playwright)", "test-results/playwright.json", playwright],
  ["WebKit and Firefox (test/engines)", "test-results/engines.json", vitest],
];

let passed = 0;
let failed = 0;
let skipped = 0;
let found = 0;
for (const [name, path, summarize] of suites) {
  const report = read(path);
  if (!report) continue;
  found++;
  const suite = summarize(report);
  passed += suite.passed;
  failed += suite.failed;
  skipped += suite.skipped;
  const minutes = (suite.ms / 60_000).toFixed(1);
  console.log(
    `  ${name.padEnd(38)} ${String(suite.passed).padStart(5)} passed, ${suite.failed} failed  ${minutes} min`,
  );
}

if (found === 0) {
  console.error("No test reports found in test-results/.");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
