import { spawn, type ChildProcess } from "node:child_process";
import { connect, createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/** Whether something accepts connections on the port of 127.0.0.1. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When it exited (Date.now()). */
  at: number;
}

export interface CompiledSite {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote (JSON log lines). */
  output(): string;
  /** The messages of its log lines, request lines left out. */
  messages(): string[];
  /** False once the process has exited (a crash, in most tests). */
  alive(): boolean;
  /** Settles when the process exits. */
  exited: Promise<Exit>;
  /** SIGTERM (unless it has exited already), then its exit code once it has. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** How long it may take to answer /healthz (a busy machine takes seconds to start Node). */
  healthTimeoutMs?: number;
  /** Names it in errors (several instances in one test). */
  name?: string;
}

/**
 * Starts the compiled production server (`node build/server.js`) on a free port of 127.0.0.1
 * with `env` (or the env for the port it gets) and waits for /healthz. Vitest builds it first
 * (test/setup/), Playwright's web server command too. Logs at `warn` unless `env` says otherwise.
 */
export async function startCompiledSite(
  env: Record<string, string> | ((port: number) => Record<string, string>),
  { healthTimeoutMs = 30_000, name = "server" }: StartOptions = {},
): Promise<CompiledSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...(typeof env === "function" ? env(port) : env),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + healthTimeoutMs;
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
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port,
    child,
    output: () => output,
    messages: () =>
      output
        .split("\n")
        // The last line may still be arriving.
        .filter((line) => line.startsWith("{") && line.endsWith("}"))
        .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? "")
        .filter((msg) => msg !== "request"),
    alive,
    exited,
    async stop() {
      if (alive()) child.kill("SIGTERM");
      return (await exited).code;
    },
  };
}
