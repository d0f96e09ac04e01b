import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { startHttpUpstream, type HttpUpstream } from "../../../mocks/http-upstream";
import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";
import { sample, TEST_SESSION_SECRET, TEST_SITE_URL } from "../../support/site-http";

/**
 * The abuse review's finding on faults, tried over HTTP against the built server (`node
 * build/server.js`) in front of an upstream whose download endpoint answers 500 while everything
 * else works: hammering the download hand-off from many addresses once opened the one circuit
 * breaker every upstream call shared, and then every sign-in failed with 502. Now each endpoint
 * family has its own breaker, the hand-off is limited per address, its failures are logged once
 * a minute, and `/readyz` tells the public only ready or not.
 */

const TOKEN = "abuse-faults-metrics-token";
const DOWNLOAD = "/orbitshield/keynest-download/";
const BROWSER = {
  Accept: "text/html",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
};

let upstream: HttpUpstream;
let site: CompiledSite;

beforeAll(async () => {
  upstream = await startHttpUpstream();
  upstream.faults.set({ path: DOWNLOAD, fault: { kind: "status", status: 500 } });
  site = await startCompiledSite({
    API_URL: upstream.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: TEST_SITE_URL,
    // Each test visitor is an address of its own, as a proxy in front would say.
    TRUST_PROXY: "loopback",
    METRICS_TOKEN: TOKEN,
  });
}, 40_000);

afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});

let visitors = 0;
/** A visitor address nobody used before in this file. */
const visitor = () => `198.51.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`;

function handOff(ip: string) {
  return fetch(`${site.url}/api/orbitshield/keynest-download/?platform=windows`, {
    headers: { ...BROWSER, "X-Forwarded-For": ip },
    redirect: "manual",
  });
}

/** The sign-in form posted from the site's own page, as a browser without JS sends it. */
async function signIn(ip: string): Promise<{ status: number; session: boolean }> {
  const response = await fetch(`${site.url}/sign-in`, {
    method: "POST",
    headers: {
      ...BROWSER,
      Origin: TEST_SITE_URL,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": ip,
    },
    body: new URLSearchParams({
      _form: "sign-in",
      email: "active@keynest.example",
      password: SANDBOX_PASSWORD,
      website_url: "",
    }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie();
  return { status: response.status, session: cookies.some((c) => c.startsWith("__Host-session=")) };
}

async function metrics(): Promise<string> {
  const response = await fetch(`${site.url}/metrics`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  return response.text();
}

describe("faults one visitor can cause", () => {
  it("failing download hand-offs from many addresses leave sign-in working for everyone", async () => {
    // 20 addresses, 5 hand-offs each, in waves of 20 at once (~100 requests in a few seconds).
    const hammer = Array.from({ length: 20 }, visitor);
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      const answers = await Promise.all(hammer.map(handOff));
      for (const answer of answers) {
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
    }
    expect(new Set(statuses)).toEqual(new Set([503]));

    // Ten correct sign-ins from ten other addresses: each signed in, each asked the upstream.
    const logins = () =>
      upstream.received.filter((call) => call.path === "/orbitshield/auth/login/");
    const before = logins().length;
    const signIns = await Promise.all(Array.from({ length: 10 }, () => signIn(visitor())));
    expect(signIns).toEqual(Array.from({ length: 10 }, () => ({ status: 303, session: true })));
    expect(logins().length - before).toBe(10);

    // The downloads' breaker opened (and is open still, or half-open if its pause ran out during
    // the sign-ins); sign-in's, the checkout's and the pages' are closed.
    const open = await metrics();
    expect(
      sample(open, "upstream_errors_total", { service: "provider", code: "CIRCUIT_OPEN" }),
    ).toBeGreaterThan(0);
    expect(sample(open, "upstream_circuit_state", { family: "downloads" })).toBeGreaterThan(0);
    for (const family of ["auth", "purchase", "content", "forms"]) {
      expect(sample(open, "upstream_circuit_state", { family }), family).toBe(0);
    }
  });

  it("logs the hand-off's repeated failure once a minute, not a stack per request", async () => {
    // Request lines are written in batches, at the latest a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const lines = site.output().split("\n");
    const failures = lines.filter((line) =>
      line.includes("Download link for keynest/windows unavailable"),
    );
    // The upstream's 500, then the open breaker's refusal: one line for each kind.
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(2);
    for (const line of failures) {
      expect(line).not.toContain("stack");
      expect(line).toContain('"where":"download hand-off"');
    }
    // Each request still has its line (at error, for a 503), without a stack of the logger's own.
    const requests = lines.filter((line) => line.includes('"path":"/api/orbitshield/'));
    expect(requests.length).toBeGreaterThanOrEqual(100);
    for (const line of requests) expect(line).not.toContain("    at ");
  });

  it("limits each address's hand-offs to 30 a minute, with a private 429 page", async () => {
    const ip = visitor();
    for (let i = 0; i < 30; i++) {
      const answer = await handOff(ip);
      await answer.arrayBuffer();
      expect(answer.status, `hand-off ${i + 1}`).not.toBe(429);
    }
    const refused = await handOff(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await refused.text()).toContain("Too many requests");
    // Another address is not counted with it.
    expect((await handOff(visitor())).status).not.toBe(429);
  });

  it("answers /readyz and /healthz with up or down only; the reason is in the metrics", async () => {
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready" });
    const health = await fetch(`${site.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const text = await metrics();
    expect(sample(text, "readiness_reason", { reason: "upstream" })).toBe(1);
    expect(sample(text, "readiness_reason", { reason: "upstream-unavailable" })).toBe(0);
  });

  it("is still running, with nothing escaping to a crash", () => {
    expect(site.alive()).toBe(true);
    expect(site.output()).not.toMatch(/uncaught|unhandled ?rejection/i);
  });
});
