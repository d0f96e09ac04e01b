import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The code the docs show is code the suite runs: every TypeScript block in README.md and docs/ is
 * marked `<!-- example: <path> -->` just before it (a blank line between, as Prettier writes it)
 * and is that file, whole, as committed — a test file the unit suite runs, or a module the build
 * compiles. Changing the example means changing the file, where the tests and the typecheck see it.
 */

const ROOT = join(import.meta.dirname, "../../..");
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

interface Block {
  doc: string;
  line: number;
  lang: string;
  example: string | null;
  code: string;
}

function blocksOf(doc: string): Block[] {
  const lines = readFileSync(join(ROOT, doc), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    const before = lines[i - 1] === "" ? lines[i - 2] : lines[i - 1];
    const marker = /^<!-- example: (\S+) -->$/.exec(before ?? "");
    blocks.push({
      doc,
      line: i + 1,
      lang: open[1]!,
      example: marker?.[1] ?? null,
      code: lines.slice(i + 1, end).join("\n") + "\n",
    });
    i = end;
  }
  return blocks;
}

const blocks = DOCS.flatMap(blocksOf);
const typescript = blocks.filter((block) => block.lang === "ts" || block.lang === "tsx");

describe("the docs' code", () => {
  it("finds the examples, the loader test of docs/testing.md among them", () => {
    expect(typescript.map((block) => `${block.doc} → ${block.example}`)).toContain(
      "docs/testing.md → test/unit/routes/search-outage.test.ts",
    );
  });

  it.each(typescript.map((block) => [`${block.doc}:${block.line}`, block] as const))(
    "%s is a file of the project, whole",
    (_where, block) => {
      expect(block.example, "mark the block with <!-- example: <path> -->").not.toBeNull();
      expect(block.code).toBe(readFileSync(join(ROOT, block.example!), "utf8"));
    },
  );

  it("runs its commands on the project's Node: through npm scripts, never a bare npx", () => {
    // `npx …` runs on whatever Node is first on PATH, the machine's own; the npm scripts go
    // through scripts/use-node.sh, which puts the pinned one first.
    const bare = DOCS.flatMap((doc) =>
      readFileSync(join(ROOT, doc), "utf8")
        .split("\n")
        .map((text, index) => ({ where: `${doc}:${index + 1}`, text }))
        .filter(({ text }) => /(^|`)npx\s/.test(text)),
    );
    expect(bare).toEqual([]);
  });
});
