import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/compiled-server";

// The compiled standalone sandbox upstream (build/upstream.js, recompiled by the unit project's
// global setup), as compose.yaml runs it: its own process, reading build/sandbox-content.
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

let child: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  child = undefined;
});

async function startUpstream(env: Record<string, string>) {
  const port = await freePort();
  child = spawn(process.execPath, ["build/upstream.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started = child;
  let output = "";
  started.stdout?.on("data", (chunk) => (output += chunk));
  started.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => started.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (started.exitCode !== null) throw new Error(`the upstream exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the upstream did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child: started, exited, output: () => output };
}

describe("node build/upstream.js", { retry: 2, timeout: 60_000 }, () => {
  it("serves the copied demo content under the brand of the environment, and exits 0 on SIGTERM", async () => {
    const upstream = await startUpstream({ BRAND_NAME: "Acme Vault", PROVIDER_SLUG: "acmecorp" });
    const page = await fetch(`${upstream.base}/api/coms/pages/page/?path=/features&lang=en`);
    expect(page.status).toBe(200);
    const text = JSON.stringify(await page.json());
    expect(text).toContain("Acme Vault");
    expect(text).not.toContain("KeyNest");

    // The provider's calls live under the provider slug of the environment.
    const price = await fetch(`${upstream.base}/api/acmecorp/sales/price/102/`);
    expect(price.status).toBe(200);
    expect(await price.json()).toMatchObject({ id: 102, cost: 3588 });
    expect(
      (await fetch(`${upstream.base}/sandbox/pay?order=102-000000000000-00000000`)).status,
    ).toBe(404);

    upstream.child.kill("SIGTERM");
    expect(await upstream.exited).toBe(0);
    const messages = upstream
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string; pages?: number });
    expect(messages.find((m) => m.msg === "Sandbox upstream listening")?.pages).toBeGreaterThan(10);
    expect(messages).toContainEqual(
      expect.objectContaining({ msg: "closing the server", signal: "SIGTERM" }),
    );
  });

  it("refuses a bad variable with exit code 1 and its name", () => {
    const result = spawnSync(process.execPath, ["build/upstream.js"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", SUPPORT_EMAIL: "nobody" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SUPPORT_EMAIL:");
  });
});
