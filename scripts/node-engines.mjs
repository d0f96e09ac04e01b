// Whether the running Node is inside package.json's `engines.node`, as npm reads the range
// (the `semver` package, npm's own). scripts/use-node.sh runs it before every npm script that
// runs Node: exit 0 inside; outside, it prints the range and exits 1; before `npm ci` (no
// node_modules yet) it exits 2 so the caller can name that fix instead.
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const semver = await import("semver").catch(() => null);
if (!semver) {
  process.exitCode = 2;
} else if (!semver.default.satisfies(process.version, pkg.engines.node)) {
  console.log(pkg.engines.node);
  process.exitCode = 1;
}
