import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort, spawnGroup, stopGroup, tail, waitFor } from "./processes";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The session secret of the engine suite's own server (never used anywhere else). */
const SESSION_SECRET = "engines-session-secret-not-for-production-0123456789";

export interface Site {
  baseUrl: string;
  /**
   * The Content-Security-Policy violations the browsers reported to the site (`/csp-report`,
   * logged at warn), each as `document: directive blocked`: a page whose inline script or
   * stylesheet the policy does not name.
   */
  violations(): string[];
  stop(): Promise<void>;
}

/**
 * Starts the production build in sandbox mode on a free port (building it first when there is
 * none) and waits for /healthz. Every browser of the suite posts from the same loopback address,
 * so the per-address form limits count all of them together: a run posts the newsletter (the one
 * visitor form of the scenarios, 10 posts per address and 10 minutes) four times, once per engine
 * and mode, each with an address of its own.
 */
/** A logged violation as `document: directive blocked` (the line itself if it is no JSON). */
function told(line: string): string {
  try {
    const { csp } = JSON.parse(line) as { csp?: Record<string, unknown> };
    return `${String(csp?.["document"])}: ${String(csp?.["directive"])} ${String(csp?.["blocked"])}`;
  } catch {
    return line;
  }
}

export async function startSite(): Promise<Site> {
  if (!existsSync(`${ROOT}build/server.js`)) {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  }
  const port = await freePort();
  const server = spawnGroup(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SANDBOX: "1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SESSION_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errors = tail(server.stderr);
  const violations: string[] = [];
  let partial = "";
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines)
      if (line.includes("CSP violation reported")) violations.push(told(line));
  });
  let exited: string | undefined;
  server.once("exit", (code, signal) => (exited = `exit ${code ?? signal}`));
  const baseUrl = `http://localhost:${port}`;
  const stop = () => stopGroup(server.pid!);
  try {
    await waitFor(
      `the site's /healthz on port ${port}`,
      async () => {
        if (exited) throw new Error(`the server ended (${exited}): ${errors()}`);
        return (await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
      },
      60_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, violations: () => [...violations], stop };
}
