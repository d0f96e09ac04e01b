import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  url: string;
  pid: number;
  process: ChildProcess;
  /** Bytes the server wrote to standard output (with `stdout: "drain"`; else 0). */
  stdoutBytes(): number;
  stop(): Promise<void>;
}

/** Fails early with a clear message when the production build is missing. */
export function requireBuild(): void {
  if (!existsSync(`${ROOT}/build/server/index.js`) || !existsSync(`${ROOT}/build/server.js`)) {
    throw new Error("No production build: run `npm run build` first.");
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Server at ${url} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts the compiled production server (`node build/server.js`, sandbox upstream) on `port` and
 * resolves once /healthz answers. Extra arguments go to node (e.g. `--cpu-prof`). Its standard
 * output is discarded, or with `stdout: "drain"` read from a pipe and thrown away, as a container
 * runtime collects a log.
 */
export async function startServer(
  port: number,
  options: { env?: Record<string, string>; nodeArgs?: string[]; stdout?: "ignore" | "drain" } = {},
): Promise<RunningServer> {
  requireBuild();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "build/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SANDBOX: "1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", options.stdout === "drain" ? "pipe" : "ignore", "inherit"],
  });
  let stdoutBytes = 0;
  child.stdout?.on("data", (chunk: Buffer) => (stdoutBytes += chunk.length));
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, 30_000);
  return {
    url,
    pid: child.pid ?? 0,
    process: child,
    stdoutBytes: () => stdoutBytes,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
