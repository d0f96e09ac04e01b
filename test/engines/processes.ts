import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The processes the engine suite starts (the site's server, xvfb with WebKitWebDriver and
 * MiniBrowser, Firefox): each in a process group of its own, so stopping one ends everything it
 * started too, and whatever is still running when the test process exits (or is interrupted) is
 * killed then, its temporary directories removed.
 */

const groups = new Set<number>();
const directories = new Set<string>();

function killAll(): void {
  for (const group of groups) signalGroup(group, "SIGKILL");
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
}
process.once("exit", killAll);
// Interrupted (Ctrl-C, a CI timeout): stop everything, then end by the same signal. The handler
// is gone once it runs, so the signal raised again takes its default course.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    killAll();
    process.kill(process.pid, signal);
  });
}

/** A new temporary directory, removed by `removeDirectory` or else when the process ends. */
export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.add(directory);
  return directory;
}

export function removeDirectory(directory: string): void {
  rmSync(directory, { recursive: true, force: true });
  directories.delete(directory);
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // Already gone.
  }
}

/** The running processes of a group (zombies waiting to be reaped do not count). */
export function groupProcesses(group: number): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (name) state ppid pgrp …: the name may hold spaces and parentheses.
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === group && state !== "Z" && state !== "X") {
      found.push({ pid: Number(entry), name });
    }
  }
  return found;
}

/** Starts a command as the leader of a new process group, remembered until it is stopped. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  groups.add(child.pid);
  return child;
}

/** Remembers a process group started by a library (Firefox, from puppeteer). */
export function adoptGroup(pid: number): void {
  groups.add(pid);
}

/**
 * Ends a process group: `begin` (by default SIGTERM to all of it), then SIGKILL to whatever still
 * runs after `graceMs`.
 */
export async function stopGroup(
  group: number,
  graceMs = 3_000,
  begin = () => signalGroup(group, "SIGTERM"),
): Promise<void> {
  begin();
  const deadline = Date.now() + graceMs;
  while (groupProcesses(group).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (groupProcesses(group).length > 0) signalGroup(group, "SIGKILL");
  groups.delete(group);
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** Keeps the last lines a process wrote to a stream, for the message when it fails. */
export function tail(stream: NodeJS.ReadableStream | null, lines = 30): () => string {
  const kept: string[] = [];
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    kept.push(...chunk.split("\n").filter(Boolean));
    kept.splice(0, Math.max(0, kept.length - lines));
  });
  return () => kept.join("\n");
}

/** Polls `probe` every 100 ms until it answers true, or fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const reason = last instanceof Error ? ` (last error: ${last.message})` : "";
  throw new Error(`${what}: not within ${timeoutMs} ms${reason}`);
}
