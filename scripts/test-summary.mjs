// Prints one closing line with the counts of the unit and browser suites, read from their JSON
// reports (written by `npm test`).
import { existsSync, readFileSync } from "node:fs";

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

let passed = 0;
let failed = 0;
let skipped = 0;

const unit = read("test-results/vitest.json");
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
}

const e2e = read("test-results/playwright.json");
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}

if (!unit && !e2e) {
  console.error("No test reports found in test-results/.");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
