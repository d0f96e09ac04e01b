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
import { fetchPage } from "./fetch-page";
import { runStandalone } from "./standalone";
import { localized, PAGE_TYPES, type CheckResult } from "./types";

const VNU_JAR = fileURLToPath(
  new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url),
);

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
    const errors = messages.filter((m) => m.type === "error" || m.subType === "fatal");
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
