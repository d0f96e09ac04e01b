import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { existsSync } from "node:fs";
import { acceptsConnections as listening, freePort } from "../../support/compiled-site";

/** Debian's redis-server (`apt-get install redis-server`; .ci/run installs it when missing). */
export const REDIS_SERVER = "/usr/bin/redis-server";

export { freePort };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestRedis {
  port: number;
  url: string;
  /** Kills the server (its data is gone: no persistence) and waits until the port is closed. */
  stop(): Promise<void>;
  /** Starts a new, empty server on the same port. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing answers. */
  freeze(): void;
  thaw(): void;
  /** How many keys match a `KEYS` pattern (redis-cli, from the same Debian package). */
  count(pattern: string): Promise<number>;
}

/** Debian's redis-cli, installed with redis-server (its redis-tools dependency). */
const REDIS_CLI = "/usr/bin/redis-cli";

/**
 * A throwaway redis-server on a free port, without persistence (`--save "" --appendonly no`).
 * The test that starts it stops it.
 */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: apt-get install redis-server (.ci/run installs it)`,
    );
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const output: string[] = [];
    child = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => output.push(String(chunk)));
    child.stderr?.on("data", (chunk) => output.push(String(chunk)));
    await until(() => listening(port), `redis-server listens on ${port}:\n${output.join("")}`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGCONT");
    running.kill("SIGKILL");
    await exited;
    await until(async () => !(await listening(port)), `port ${port} is closed`);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
    count: async (pattern) => {
      const { stdout } = await promisify(execFile)(REDIS_CLI, [
        "-p",
        String(port),
        "--no-raw",
        "EVAL",
        "return #redis.call('KEYS', ARGV[1])",
        "0",
        pattern,
      ]);
      return Number(/\d+/.exec(stdout)?.[0] ?? "0");
    },
  };
}
