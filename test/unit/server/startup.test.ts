import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Starts the compiled production server (built by test/setup/compiled-server.ts). */
function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

// Each case starts a Node process; on a busy machine one may be cut short, so a case may retry.
describe("server start-up", { retry: 2 }, () => {
  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ API_URL: "https://upstream.example" }, "SESSION_SECRET"],
    [{ API_URL: "not a url" }, "API_URL"],
    [{ LANG_COOKIE_SAMESITE: "none" }, "LANG_COOKIE_SECURE"],
    [{}, "API_URL: is required in production; set SANDBOX=1"],
  ])("exits with a message naming the bad variable (%o)", (env, variable) => {
    const result = startWith(env);
    const why = `signal=${result.signal} error=${result.error?.message} stderr=${result.stderr}`;
    expect(result.status, why).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain(variable);
  });
});
