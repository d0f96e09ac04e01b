import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./redis-server";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface SiteInstance {
  name: string;
  url: string;
  /** Everything the instance logged so far (JSON lines). */
  output(): string;
  /** The messages of its log lines (request lines left out). */
  messages(): string[];
  /** SIGTERM, then waits for the exit (the graceful shut-down closes its Redis connection). */
  stop(): Promise<number | null>;
}

/**
 * Starts one compiled production instance (`node build/server.js`) on a free port and waits
 * until /healthz answers: generous, a slow machine takes seconds to start Node and the build.
 */
export async function startSite(name: string, env: Record<string, string>): Promise<SiteInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not become healthy:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    url,
    output: () => output,
    messages: () =>
      output
        .split("\n")
        // The last line may still be arriving.
        .filter((line) => line.startsWith("{") && line.endsWith("}"))
        .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? "")
        .filter((msg) => msg !== "request"),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
