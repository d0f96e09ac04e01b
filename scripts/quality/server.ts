import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { acceptsConnections } from "../../test/support/compiled-site";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  url: string;
  pid: number;
  process: ChildProcess;
  /** The process reading its standard output (with `stdout: "drain"`; else null). */
  drainPid: number | null;
  /** Bytes the server wrote to standard output so far (with `stdout: "drain"`; else 0). */
  stdoutBytes(): Promise<number>;
  stop(): Promise<void>;
}

/** Fails early with a clear message when the production build in `root` is missing. */
export function requireBuild(root = ROOT): void {
  if (
    !existsSync(join(root, "build/server/index.js")) ||
    !existsSync(join(root, "build/server.js"))
  ) {
    throw new Error(`No production build in ${root}: run \`npm run build\` there first.`);
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

/** A log reader in a process of its own (log-drain.mjs), with the pipe it reads from. */
interface Drain {
  process: ChildProcess;
  bytes(): Promise<number>;
}

function startDrain(): Drain {
  const script = fileURLToPath(new URL("log-drain.mjs", import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ["pipe", "ignore", "inherit", "ipc"] });
  let last = 0;
  child.on("message", (message: { bytes: number }) => (last = message.bytes));
  return {
    process: child,
    // The count now, or the final one once the reader has seen the end of the server's output.
    bytes: () =>
      new Promise<number>((resolve) => {
        if (!child.connected) return resolve(last);
        const done = () => {
          child.off("message", done);
          child.off("disconnect", done);
          resolve(last);
        };
        child.once("message", done);
        child.once("disconnect", done);
        child.send("count");
      }),
  };
}

/**
 * Starts the compiled production server (`node build/server.js`, sandbox upstream) on `port` and
 * resolves once /healthz answers. Extra arguments go to node (e.g. `--cpu-prof`). Its standard
 * output is discarded, or with `stdout: "drain"` written into a pipe that a process of its own
 * reads and throws away, as a container runtime collects a log: the reader takes no time from
 * the load generator's event loop, and the server's writes wait only when a reader would.
 * `root` serves another checkout's build the same way (the bench's baseline build).
 */
export async function startServer(
  port: number,
  options: {
    env?: Record<string, string>;
    nodeArgs?: string[];
    stdout?: "ignore" | "drain";
    root?: string;
  } = {},
): Promise<RunningServer> {
  const root = options.root ?? ROOT;
  requireBuild(root);
  // Another process on the port would answer /healthz for a server that could not listen.
  if (await acceptsConnections(port)) {
    throw new Error(`Port ${port} is already taken by another process: choose another one`);
  }
  const drain = options.stdout === "drain" ? startDrain() : null;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SANDBOX: "1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", drain ? drain.process.stdin! : "ignore", "inherit"],
  });
  // The server holds the pipe's writing end now; with this process's copy closed, the reader
  // sees the end of its input when the server exits.
  drain?.process.stdin!.destroy();
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, 30_000);
  return {
    url,
    pid: child.pid ?? 0,
    process: child,
    drainPid: drain?.process.pid ?? null,
    stdoutBytes: () => drain?.bytes() ?? Promise.resolve(0),
    // Resolves once the server has exited and its reader has read the last of its output.
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
      const reader = drain?.process;
      if (reader && reader.exitCode === null)
        await new Promise((resolve) => reader.once("exit", resolve));
    },
  };
}
