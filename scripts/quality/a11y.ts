/**
 * Accessibility: runs the axe suite of the e2e tests (test/e2e/a11y.js-only.spec.ts, WCAG 2.2
 * A/AA on every page type in two languages) against a running server and reads its JSON report.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CheckResult } from "./types";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REPORT = "test-results/a11y.json";

interface Spec {
  title: string;
  tests: { results: { status: string; error?: { message?: string } }[] }[];
}
interface Suite {
  specs?: Spec[];
  suites?: Suite[];
}

function specsOf(suite: Suite): Spec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

export function checkA11y(baseUrl: string): Promise<CheckResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        "node_modules/@playwright/test/cli.js",
        "test",
        "test/e2e/a11y.js-only.spec.ts",
        "--project=js",
        "--reporter=json",
      ],
      {
        cwd: ROOT,
        env: { ...process.env, E2E_BASE_URL: baseUrl, PLAYWRIGHT_JSON_OUTPUT_NAME: REPORT },
        maxBuffer: 64 * 1024 * 1024,
      },
      () => {
        const report = JSON.parse(readFileSync(`${ROOT}/${REPORT}`, "utf8")) as { suites: Suite[] };
        const specs = report.suites.flatMap(specsOf);
        const failed = specs.filter((s) =>
          s.tests.some((t) => t.results.at(-1)?.status !== "passed"),
        );
        resolve({
          name: "Accessibility (axe, WCAG 2.2 A/AA)",
          ok: specs.length > 0 && failed.length === 0,
          summary: `${failed.length} of ${specs.length} pages with violations`,
          details: failed.map((s) => {
            const message = s.tests[0]?.results.at(-1)?.error?.message ?? "";
            return `${s.title}: ${message.split("\n").slice(0, 6).join(" | ")}`;
          }),
        });
      },
    );
  });
}
