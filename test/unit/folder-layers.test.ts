import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Layers point one way: a folder of app/ that imports another is not imported back by it. This
 * counts every import (type-only ones too) of app/'s modules, tests aside; files at app/'s top
 * (root.tsx, the entries, routes.ts, root-data.ts) are the folder "(app)". The pairs still
 * importing each other both ways are listed here, so a new one fails this test and one that is
 * fixed must be struck off.
 */

const ROOT = join(import.meta.dirname, "../..");
const APP = join(ROOT, "app");
const UNIT = join(ROOT, "test/unit");
/** Folders of test/unit/ for the repository's other code: its docs, the sandbox, the scripts. */
const OTHER_CODE = ["docs", "mocks", "scripts"];

const STILL_BOTH_WAYS = ["(app)<->forms", "(app)<->layout", "observability<->upstream"];

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

function folderOf(path: string): string {
  const parts = relative(APP, path).split(sep);
  return parts.length > 1 ? parts[0]! : "(app)";
}

function importsByFolder(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const specifier = /(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;
  for (const file of modules(APP)) {
    for (const match of readFileSync(file, "utf8").matchAll(specifier)) {
      const spec = match[1] ?? match[2]!;
      let target: string;
      if (spec.startsWith("~/")) target = join(APP, spec.slice(2));
      else if (spec.startsWith(".")) target = resolve(dirname(file), spec);
      else continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

describe("app/'s folders", () => {
  it("import each other both ways only where still listed", () => {
    const edges = importsByFolder();
    const pairs: string[] = [];
    for (const [from, targets] of edges) {
      for (const to of targets) {
        if (from < to && edges.get(to)?.has(from)) pairs.push(`${from}<->${to}`);
      }
    }
    expect(pairs.sort()).toEqual([...STILL_BOTH_WAYS].sort());
  });

  it("keep the content feature on the shared pieces below it, the page assembling it above", () => {
    const edges = importsByFolder();
    expect([...(edges.get("content") ?? [])].sort()).toEqual([
      "blocks",
      "config",
      "http",
      "i18n",
      "observability",
      "upstream",
    ]);
    const importsPage = [...edges].filter(([, targets]) => targets.has("page")).map(([f]) => f);
    expect(importsPage.sort()).toEqual(["routes"]);
  });
});

describe("unit tests", () => {
  const testFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === "node_modules" || name === "support") return [];
      if (statSync(path).isDirectory()) return testFiles(path);
      return /\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it("sit under test/unit/, none beside the code", () => {
    const outside = ["app", "mocks", "scripts"].flatMap((dir) => testFiles(join(ROOT, dir)));
    expect(outside.map((path) => relative(ROOT, path))).toEqual([]);
  });

  it("sit in the folder mirroring app/ (or the repository folder) whose code they test", () => {
    const misplaced = testFiles(UNIT)
      .map((path) => relative(UNIT, dirname(path)))
      .filter((dir) => dir !== "")
      .filter((dir) => {
        const [top, ...rest] = dir.split(sep);
        if (OTHER_CODE.includes(top!)) return !existsSync(join(ROOT, top!, ...rest));
        return !existsSync(join(APP, dir)) || !statSync(join(APP, dir)).isDirectory();
      });
    expect([...new Set(misplaced)]).toEqual([]);
  });
});
