import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The build the bench compares the working tree with: a commit of this repository, exported
 * (`git archive`) into `bench/baseline/<full sha>/`, installed (`npm ci`) and built
 * (`npm run build`) there once, then reused by every later run that names the same commit.
 * The directory is git-ignored and may be deleted at any time: the next run prepares it again.
 */

/** The build the current speed target is measured against (docs/benchmarks.md). */
export const DEFAULT_BASELINE = "e179d16";

/** Written last, once the build has succeeded: a directory without it is prepared anew. */
const READY_FILE = ".bench-ready";

export interface BaselineBuild {
  /** The ref as given (`e179d16`, `HEAD~1`, a branch or a tag). */
  ref: string;
  sha: string;
  dir: string;
  /** Built by an earlier run and reused as it was. */
  reused: boolean;
  /** Seconds spent preparing it in this run (0 when reused). */
  seconds: number;
}

export interface CurrentBuild {
  /** The commit the working tree is on. */
  sha: string;
  /** The working tree has changes of tracked files (the build is of those changes too). */
  dirty: boolean;
}

function git(root: string, args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
}

/** The full sha of the commit `ref` names, or an error naming the ref. */
export function resolveCommit(root: string, ref: string): string {
  try {
    return git(root, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  } catch {
    throw new Error(`BENCH_BASELINE=${ref} names no commit of this repository`);
  }
}

/** Where the baseline build of commit `sha` lives. */
export function baselineDir(root: string, sha: string): string {
  return join(root, "bench", "baseline", sha);
}

/** The baseline of `sha` in `dir` is complete: built, and marked so after its build. */
export function baselineReady(dir: string, sha: string): boolean {
  const ready = join(dir, READY_FILE);
  return (
    existsSync(ready) &&
    readFileSync(ready, "utf8").trim() === sha &&
    existsSync(join(dir, "build/server.js")) &&
    existsSync(join(dir, "build/server/index.js"))
  );
}

/** The commit the working tree is on, and whether it has changes. */
export function currentBuild(root: string): CurrentBuild {
  return {
    sha: git(root, ["rev-parse", "HEAD"]),
    dirty: git(root, ["status", "--porcelain", "--untracked-files=no"]) !== "",
  };
}

/**
 * The baseline build of `ref`, prepared when it is not there yet: the commit's files (nothing
 * else of this checkout) into a fresh directory, `npm ci --no-audit --no-fund` and
 * `npm run build` there, with this process's Node and environment. A few minutes the first time.
 */
export function prepareBaseline(root: string, ref: string): BaselineBuild {
  const sha = resolveCommit(root, ref);
  const dir = baselineDir(root, sha);
  const shown = relative(root, dir);
  if (baselineReady(dir, sha)) {
    console.log(`Baseline ${ref} (${sha.slice(0, 12)}): reusing the build in ${shown}`);
    return { ref, sha, dir, reused: true, seconds: 0 };
  }
  const started = Date.now();
  console.log(
    `Baseline ${ref} (${sha.slice(0, 12)}): preparing ${shown} (git archive, npm ci, npm run build; a few minutes, once)`,
  );
  // A directory left by an interrupted run is started again from nothing.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = `${dir}.tar`;
  try {
    git(root, ["archive", "--format=tar", `--output=${archive}`, sha]);
    execFileSync("tar", ["-xf", archive, "-C", dir], { stdio: "inherit" });
  } finally {
    rmSync(archive, { force: true });
  }
  const run = (args: string[]) => execFileSync("npm", args, { cwd: dir, stdio: "inherit" });
  run(["ci", "--no-audit", "--no-fund"]);
  run(["run", "build"]);
  writeFileSync(join(dir, READY_FILE), `${sha}\n`);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`Baseline ${ref} built in ${seconds} s`);
  return { ref, sha, dir, reused: false, seconds };
}
