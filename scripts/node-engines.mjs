// Whether a Node version is inside package.json's `engines.node`, read as npm reads a range:
// alternatives joined by `||`, each one or more comparators (`>=22.13.0`, `>`, `<=`, `<`, `=`, a
// bare version, `^22.13.0`, `~22.13.0`; missing minor and patch numbers are 0).
//
// As a script (scripts/use-node.sh runs it): exits 0 when the running Node is inside, else prints
// the range and exits 1. Plain JavaScript with no dependencies, so any Node npm runs on runs it.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** "v24.21.0" or "22.13" → [24, 21, 0]; a pre-release or build suffix is ignored. */
export function parseVersion(text) {
  const match = /^\s*[=v]*(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?\s*$/.exec(text);
  if (!match) throw new Error(`not a version: "${text}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** One comparator (`>=22.13.0`, `^22.13.0`…) as a test of a parsed version. */
function comparator(text) {
  const [, op, rest] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(text);
  const low = parseVersion(rest);
  if (op === "^" || op === "~") {
    const high =
      op === "~" ? [low[0], low[1] + 1, 0] : low[0] > 0 ? [low[0] + 1, 0, 0] : [0, low[1] + 1, 0];
    return (v) => compare(v, low) >= 0 && compare(v, high) < 0;
  }
  const tests = {
    ">=": (c) => c >= 0,
    "<=": (c) => c <= 0,
    ">": (c) => c > 0,
    "<": (c) => c < 0,
    "=": (c) => c === 0,
  };
  const test = tests[op ?? "="];
  return (v) => test(compare(v, low));
}

/** Does `version` satisfy `range`? */
export function satisfies(version, range) {
  const v = parseVersion(version);
  return range.split("||").some((alternative) => {
    const parts = alternative.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) throw new Error(`empty alternative in "${range}"`);
    return parts.every((part) => comparator(part)(v));
  });
}

/** package.json's engines.node. */
export function enginesRange() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return pkg.engines.node;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const range = enginesRange();
  if (!satisfies(process.version, range)) {
    console.log(range);
    process.exitCode = 1;
  }
}
