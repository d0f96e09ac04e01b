/**
 * Valid HTML: the W3C Nu checker (vnu.jar, Java) over the server-rendered HTML of every page type
 * in English and German. Run alone: `npx tsx scripts/quality/html-validate.ts` (starts a server).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PAGE_END_ID } from "../../app/render/one-layout";
import { fetchPage } from "./fetch-page";
import { runStandalone } from "./standalone";
import { localized, PAGE_TYPES, type CheckResult } from "./types";

const VNU_JAR = fileURLToPath(
  new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url),
);

/**
 * Messages of the checker that contradict the HTML Standard, each with the markup it is allowed
 * on. The checker does not know the link type "expect" yet (HTML Standard, "Link type expect":
 * its `blocking` attribute is what makes it block rendering; decision 021).
 */
const CHECKER_GAPS: { message: string; extract: RegExp }[] = [
  {
    message:
      "A \u201clink\u201d element with a \u201cblocking\u201d attribute must have a \u201crel\u201d attribute whose value is \u201cstylesheet\u201d.",
    extract: new RegExp(`<link rel="expect" href="#${PAGE_END_ID}" blocking="render"/?>`),
  },
];

const isCheckerGap = (m: VnuMessage) =>
  CHECKER_GAPS.some((gap) => m.message === gap.message && gap.extract.test(m.extract ?? ""));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

export async function checkHtml(baseUrl: string): Promise<CheckResult> {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  try {
    for (const lang of ["en", "de"] as const) {
      for (const { type, path } of PAGE_TYPES) {
        const url = localized(path, lang);
        const { html } = await fetchPage(`${baseUrl}${url}`);
        const file = join(dir, `${lang}-${type.replace(/\W+/g, "-")}.html`);
        writeFileSync(file, html);
        files.set(file, url);
      }
    }
    const run = promisify(execFile);
    const { stderr } = await run(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--errors-only", "--exit-zero-always", ...files.keys()],
      {
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    const messages = (JSON.parse(stderr || '{"messages":[]}') as { messages: VnuMessage[] })
      .messages;
    const errors = messages.filter(
      (m) => (m.type === "error" || m.subType === "fatal") && !isCheckerGap(m),
    );
    const details = errors.map((m) => {
      const page = m.url ? (files.get(fileURLToPath(m.url)) ?? m.url) : "?";
      return `${page}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` — ${m.extract.trim().slice(0, 120)}` : ""}`;
    });
    return {
      name: "Valid HTML (vnu)",
      ok: errors.length === 0,
      summary: `${errors.length} errors on ${files.size} pages (${PAGE_TYPES.length} types × en, de)`,
      details,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await runStandalone(import.meta.url, checkHtml);
