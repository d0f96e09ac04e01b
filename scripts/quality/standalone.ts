import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports";
import { startServer } from "./server";
import type { CheckResult } from "./types";

/**
 * Lets a check file run on its own (`npx tsx scripts/quality/links.ts`): when `moduleUrl` is the
 * script node was started with, start a server on a free port, run the check, print it, and exit
 * 1 when it fails.
 */
export async function runStandalone(
  moduleUrl: string,
  check: (baseUrl: string) => Promise<CheckResult>,
): Promise<void> {
  if (resolve(process.argv[1] ?? "") !== fileURLToPath(moduleUrl)) return;
  const server = await startServer(await freePort());
  let result: CheckResult;
  try {
    result = await check(server.url);
  } finally {
    const { exitCode, signalCode } = server.process;
    if (exitCode !== null || signalCode !== null) {
      console.error(`The server exited early (${signalCode ?? exitCode}).`);
    }
    await server.stop();
  }
  console.log(`${result.ok ? "PASS" : "FAIL"} ${result.name}: ${result.summary}`);
  for (const line of result.details) console.log(`  ${line}`);
  process.exit(result.ok ? 0 : 1);
}
