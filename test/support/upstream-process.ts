import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { FaultRule } from "../../mocks/http-upstream";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The HTTP sandbox upstream in a process of its own (mocks/http-upstream-process.ts). */
export interface UpstreamProcess {
  url: string;
  faults: { set(...rules: FaultRule[]): Promise<void>; clear(): Promise<void> };
  /** What the sandbox recorded of `kind` (mocks/recorder.ts): each call's body, oldest first. */
  recorded(kind: string): Promise<{ kind: string; body: unknown }[]>;
  /** Refuses connections until `restart`. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startUpstreamProcess(): Promise<UpstreamProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "mocks/http-upstream-process.ts"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`upstream process exited (${code})`)));
  });
  const { url, control } = JSON.parse(first) as { url: string; control: string };
  const order = async (path: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method: "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`upstream ${path}: ${response.status} ${await response.text()}`);
  };
  return {
    url,
    faults: { set: (...rules) => order("/faults", rules), clear: () => order("/faults", []) },
    async recorded(kind) {
      const response = await fetch(`${control}/recorded?kind=${encodeURIComponent(kind)}`);
      return (await response.json()) as { kind: string; body: unknown }[];
    },
    stop: () => order("/stop"),
    restart: () => order("/restart"),
    async close() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
