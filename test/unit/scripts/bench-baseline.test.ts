import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  baselineDir,
  baselineReady,
  currentBuild,
  resolveCommit,
} from "../../../scripts/bench/baseline";

const ROOT = join(import.meta.dirname, "../../..");

describe("the baseline build's directory", () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-baseline-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names a commit by its full sha, and refuses a ref that names none", () => {
    const head = currentBuild(ROOT).sha;
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(resolveCommit(ROOT, "HEAD")).toBe(head);
    expect(resolveCommit(ROOT, head.slice(0, 10))).toBe(head);
    expect(() => resolveCommit(ROOT, "no-such-ref-anywhere")).toThrow(
      "BENCH_BASELINE=no-such-ref-anywhere names no commit",
    );
    expect(() => resolveCommit(ROOT, "--output=x")).toThrow("names no commit");
    expect(baselineDir(ROOT, head)).toBe(join(ROOT, "bench", "baseline", head));
  });

  it("is reused only once its build is complete and marked for that commit", () => {
    const sha = "a".repeat(40);
    expect(baselineReady(dir, sha)).toBe(false);
    mkdirSync(join(dir, "build/server"), { recursive: true });
    writeFileSync(join(dir, "build/server.js"), "");
    writeFileSync(join(dir, "build/server/index.js"), "");
    expect(baselineReady(dir, sha)).toBe(false);
    writeFileSync(join(dir, ".bench-ready"), `${"b".repeat(40)}\n`);
    expect(baselineReady(dir, sha)).toBe(false);
    writeFileSync(join(dir, ".bench-ready"), `${sha}\n`);
    expect(baselineReady(dir, sha)).toBe(true);
    rmSync(join(dir, "build/server/index.js"));
    expect(baselineReady(dir, sha)).toBe(false);
  });
});
