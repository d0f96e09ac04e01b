import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// semver ships no types of its own; the test needs one function of it.
const semver = createRequire(import.meta.url)("semver") as {
  satisfies(version: string, range: string): boolean;
};

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/** Runs scripts/node-engines.mjs beside a package.json with this range (and node_modules or not). */
function check(range: string, { installed = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "node-engines-"));
  try {
    mkdirSync(join(dir, "scripts"));
    copyFileSync("scripts/node-engines.mjs", join(dir, "scripts/node-engines.mjs"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ engines: { node: range } }));
    if (installed) symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    const run = spawnSync(process.execPath, [join(dir, "scripts/node-engines.mjs")], {
      encoding: "utf8",
    });
    return [run.status, run.stdout];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the Node version check of the npm scripts (scripts/node-engines.mjs)", () => {
  it("accepts the pinned Node of .nvmrc and refuses the machine's Node 20", () => {
    expect(semver.satisfies(readFileSync(".nvmrc", "utf8").trim(), pkg.engines.node)).toBe(true);
    expect(semver.satisfies("v20.19.2", pkg.engines.node)).toBe(false);
  });

  it("reads semver from the site's own dependencies (npm start runs it without dev ones)", () => {
    expect(pkg.dependencies.semver).toBeDefined();
  });

  it("exits 0 inside the range, printing nothing", () => {
    expect(
      spawnSync(process.execPath, ["scripts/node-engines.mjs"], { encoding: "utf8" }).status,
    ).toBe(0);
    expect(check(`>=${process.versions.node}`)).toEqual([0, ""]);
  });

  it("prints the range and exits 1 outside it", () => {
    const range = `<${process.versions.node}`;
    expect(check(range)).toEqual([1, `${range}\n`]);
    expect(check("^22.13.0 || >=99")).toEqual(
      semver.satisfies(process.version, "^22.13.0") ? [0, ""] : [1, "^22.13.0 || >=99\n"],
    );
  });

  it("exits 2 before npm ci (no node_modules), so use-node.sh can say to run it", () => {
    expect(check(`>=${process.versions.node}`, { installed: false })).toEqual([2, ""]);
  });
});
