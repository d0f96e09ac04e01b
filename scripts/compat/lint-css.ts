import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkCss } from "./css-compat";
import { ACCEPTED, STYLESHEETS } from "./policy";
import { bcdTargets, describeTargets } from "./targets";

/**
 * `npm run lint:compat` (part of `npm run lint`): the site's stylesheets against its browser
 * target (package.json `browserslist`, docs/decisions/024). Fails on any feature a target browser
 * lacks unless dropping it is safe: an `@supports` that tests it, an earlier declaration of the
 * same property, a `/* compat: reason *\/` comment, or one of the features accepted below.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const targets = bcdTargets();
console.log(`Browser target: ${describeTargets(targets)}`);
let errors = 0;
let safe = 0;
for (const file of STYLESHEETS) {
  const path = `${ROOT}${file}`;
  for (const finding of checkCss(readFileSync(path, "utf8"), targets, {
    from: path,
    accepted: ACCEPTED,
  })) {
    const where = `${relative(ROOT, path)}:${finding.line}:${finding.column}`;
    if (finding.safeBecause) {
      safe++;
      continue;
    }
    errors++;
    console.error(
      `${where}  ${finding.feature} (${finding.path}) is missing in ${finding.missing.join(", ")}: ` +
        "test it in @supports, give an earlier declaration as the fallback, or mark it " +
        "/* compat: why dropping it is harmless */",
    );
  }
}
console.log(
  `CSS compatibility: ${errors} error(s), ${safe} use(s) beyond the target with a safe fallback.`,
);
if (errors > 0) process.exitCode = 1;
