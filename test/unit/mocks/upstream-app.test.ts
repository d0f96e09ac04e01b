import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "~/config/config.server";
import { DEMO_BRAND } from "../../../mocks/content-store";
import { createSandbox, type Sandbox } from "../../../mocks/handlers";
import { planById } from "../../../mocks/sales/catalogue";
import { postFromSameHost, upstreamApp, upstreamSettings } from "../../../mocks/upstream-app";

describe("upstreamSettings", () => {
  it("listens on 0.0.0.0:4000 with the demo brand when nothing is set", () => {
    expect(upstreamSettings({})).toEqual({
      port: 4000,
      host: "0.0.0.0",
      logLevel: "info",
      brand: DEMO_BRAND,
    });
  });

  it("reads the site's brand variables, PORT, HOST and LOG_LEVEL", () => {
    const settings = upstreamSettings({
      PORT: "4100",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      BRAND_NAME: "Acme Vault",
      PRODUCT_SLUG: "acme",
      PROVIDER_NAME: "Acme Corp",
      PROVIDER_SLUG: "acmecorp",
      SUPPORT_EMAIL: "help@acme.example",
      SECURITY_CONTACT: "https://acme.example/report, mailto:psirt@acme.example",
      WEB_VAULT_URL: "https://vault.acme.example",
    });
    expect(settings).toEqual({
      port: 4100,
      host: "127.0.0.1",
      logLevel: "warn",
      brand: {
        brand: "Acme Vault",
        product: "acme",
        providerName: "Acme Corp",
        provider: "acmecorp",
        supportEmail: "help@acme.example",
        securityEmail: "psirt@acme.example",
        webVault: "https://vault.acme.example",
      },
    });
  });

  it("ignores the site-only variables (an API_URL meant for the instances is no error)", () => {
    expect(upstreamSettings({ API_URL: "http://upstream:4000", NODE_ENV: "production" }).port).toBe(
      4000,
    );
  });

  it.each([
    [{ PORT: "70000" }, "PORT"],
    [{ PROVIDER_SLUG: "Not A Slug" }, "PROVIDER_SLUG"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL"],
  ])("refuses %o, naming the variable", (env, name) => {
    expect(() => upstreamSettings(env)).toThrow(ConfigError);
    expect(() => upstreamSettings(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe("postFromSameHost", () => {
  it.each([
    [{ origin: "http://localhost:8080", host: "localhost:8080" }, true],
    [{ origin: "https://www.keynest.example", host: "www.keynest.example" }, true],
    [{ origin: "https://www.keynest.example", host: "WWW.KeyNest.Example" }, true],
    [{ referer: "http://localhost:8080/sandbox/pay?order=1", host: "localhost:8080" }, true],
    [{ origin: "https://evil.example", host: "www.keynest.example" }, false],
    [{ origin: "http://localhost:8081", host: "localhost:8080" }, false],
    [{ origin: "null", host: "localhost:8080" }, false],
    [{ host: "localhost:8080" }, false],
    [{ origin: "http://localhost:8080" }, false],
    [{ referer: "not a url", host: "localhost:8080" }, false],
  ])("%o → %s", (headers, expected) => {
    expect(postFromSameHost(headers)).toBe(expected);
  });
});

describe("the standalone sandbox upstream", () => {
  let sandbox: Sandbox;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    sandbox = createSandbox();
    const app = upstreamApp(sandbox, pino({ level: "silent" }));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const newOrder = () => {
    const plan = planById(102);
    if (!plan) throw new Error("plan 102 is gone");
    return sandbox.orders.create({ plan, buyer: "b", email: "b***@x.example", method: "card" })
      .order;
  };

  /** The pay page's form post, as the browser sends it from the page it was shown on. */
  const settle = (order: string, outcome: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/sandbox/pay`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        ...headers,
      },
      body: new URLSearchParams({ order, outcome }),
    });

  it("answers /healthz", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves the demo content under /api", async () => {
    const response = await fetch(`${base}/api/coms/pages/page/?path=/features&lang=en`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain("KeyNest");
  });

  it("answers an unknown call 404 JSON", async () => {
    const response = await fetch(`${base}/api/nothing/here/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "NOT_FOUND" });
  });

  it("shows an order a purchase call made, with its own nonce in the policy and the style", async () => {
    const purchase = await fetch(`${base}/api/orbitshield/purchase/url-with-email/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: 102, email: "dana@example.com", method: "paypal" }),
    });
    expect(purchase.status).toBe(200);
    const { url } = (await purchase.json()) as { url: string };
    expect(url).toMatch(/^\/sandbox\/pay\?order=102-/);

    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${base}${url}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const csp = page.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(csp).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain("Sandbox payment");
      expect(html).toContain("d***@example.com");
      expect(html).toContain(`<style nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("says 404 for an order it does not know", async () => {
    const page = await fetch(`${base}/sandbox/pay?order=102-000000000000-00000000`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Order not found");
  });

  it("settles an order from its own page and sends the buyer to the site's outcome page", async () => {
    const order = newOrder();
    const response = await settle(order, "paid");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/payment-success?order=${order}`);
    expect(sandbox.orders.get(order)?.status).toBe("paid");
  });

  it.each([
    ["another site's form", { Origin: "https://evil.example" }, 403],
    ["a post without Origin or Referer", { Origin: "" }, 403],
    ["a JSON body", { "Content-Type": "application/json" }, 415],
  ])("refuses %s (%i) and leaves the order pending", async (_, headers, status) => {
    const order = newOrder();
    const response = await settle(order, "paid", headers);
    expect(response.status).toBe(status);
    expect(await response.text()).not.toMatch(/at .*\.ts/);
    expect(sandbox.orders.get(order)?.status).toBe("pending");
  });

  it("refuses an oversized body 413 without a stack trace", async () => {
    const order = newOrder();
    const response = await fetch(`${base}/sandbox/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: `order=${order}&outcome=paid&pad=${"x".repeat(20_000)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Bad request");
    expect(sandbox.orders.get(order)?.status).toBe("pending");
  });
});
