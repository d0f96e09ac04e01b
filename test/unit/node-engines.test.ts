import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enginesRange, parseVersion, satisfies } from "../../scripts/node-engines.mjs";

describe("the Node version check of the npm scripts (scripts/node-engines.mjs)", () => {
  it("reads package.json's engines.node", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    expect(enginesRange()).toBe(pkg.engines.node);
  });

  it("accepts the pinned Node of .nvmrc and refuses Node 20", () => {
    const range = enginesRange();
    expect(satisfies(readFileSync(".nvmrc", "utf8").trim(), range)).toBe(true);
    expect(satisfies("v20.19.2", range)).toBe(false);
  });

  it.each([
    ["v22.13.0", true],
    ["v22.12.9", false],
    ["v22.20.1", true],
    ["v23.4.0", false],
    ["v23.5.0", true],
    ["v24.21.0", true],
    ["v26.10.0", true],
    ["v20.19.2", false],
    ["v18.20.8", false],
  ])("%s in ^22.13.0 || >=23.5.0: %s", (version, inside) => {
    expect(satisfies(version, "^22.13.0 || >=23.5.0")).toBe(inside);
  });

  it.each([
    ["1.2.3", "~1.2.0", true],
    ["1.3.0", "~1.2.0", false],
    ["0.2.5", "^0.2.1", true],
    ["0.3.0", "^0.2.1", false],
    ["22.0.0", ">=20 <22", false],
    ["21.9.9", ">=20 <22", true],
    ["22.0.0", "<=22", true],
    ["22.0.1", "22.0.1", true],
    ["22.0.1", ">22.0.1", false],
  ])("%s in %s: %s", (version, range, inside) => {
    expect(satisfies(version, range)).toBe(inside);
  });

  it("reads versions with a v, missing parts or a pre-release suffix", () => {
    expect(parseVersion("v24.21.0")).toEqual([24, 21, 0]);
    expect(parseVersion("22")).toEqual([22, 0, 0]);
    expect(parseVersion("25.0.0-nightly2026")).toEqual([25, 0, 0]);
    expect(() => parseVersion("latest")).toThrow(/not a version/);
    expect(() => satisfies("24.0.0", "22.x")).toThrow(/not a version/);
  });

  it("as a script exits 0 inside the range, and prints the range and exits 1 outside it", () => {
    const run = (script: string) => spawnSync(process.execPath, [script], { encoding: "utf8" });
    const inside = run("scripts/node-engines.mjs");
    expect([inside.status, inside.stdout]).toEqual([0, ""]);

    // The same script beside a package.json whose engines leave out the running Node.
    const dir = mkdtempSync(join(tmpdir(), "node-engines-"));
    try {
      mkdirSync(join(dir, "scripts"));
      copyFileSync("scripts/node-engines.mjs", join(dir, "scripts/node-engines.mjs"));
      const range = `<${process.versions.node}`;
      writeFileSync(join(dir, "package.json"), JSON.stringify({ engines: { node: range } }));
      const outside = run(join(dir, "scripts/node-engines.mjs"));
      expect([outside.status, outside.stdout]).toEqual([1, `${range}\n`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
