import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeFormPost } from "~/forms/form-limit.server";
import { addressKey } from "~/forms/limits/address";
import { downloadHandOffRateLimit, statusPollRateLimit } from "~/forms/rate-limit.server";
import { getConfig } from "~/config.server";

describe("consumeFormPost (the per-address limit, asked where each form is handled)", () => {
  const { limit, sharedLimit } = getConfig().formRateLimit;
  const posts = async (form: Parameters<typeof consumeFormPost>[0], ip: string, n: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < n; i += 1) answers.push(await consumeFormPost(form, ip));
    return answers;
  };

  it("refuses a visitor form's post over the limit, per address and per form", async () => {
    const ip = "198.51.100.1";
    expect(await posts("newsletter", ip, limit + 1)).toEqual([...Array(limit).fill(true), false]);
    // Another form, another visitor: their own counts.
    expect(await consumeFormPost("feedback", ip)).toBe(true);
    expect(await consumeFormPost("newsletter", "198.51.100.2")).toBe(true);
  });

  it("gives the forms of buying and signing in the shared-address limit, each its own count", async () => {
    const ip = "198.51.100.4";
    const answers = await posts("checkout", ip, sharedLimit + 1);
    expect(answers.slice(0, sharedLimit).every(Boolean)).toBe(true);
    expect(answers.at(-1)).toBe(false);
    expect(await consumeFormPost("bonus", ip)).toBe(true);
    expect(await consumeFormPost("sign-in", ip)).toBe(true);
  });

  it("counts an IPv6 visitor by the /56: another address of the same network shares the count", async () => {
    expect(await posts("contact", "2001:db8:1:100::1", limit)).not.toContain(false);
    expect(await consumeFormPost("contact", "2001:db8:1:1ff:ffff::9")).toBe(false);
    expect(await consumeFormPost("contact", "2001:db8:1:200::1")).toBe(true);
  });
});

describe("addressKey", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["2001:db8:1:1ff:ffff::9", "2001:db8:1:100::/56"],
    [undefined, "unknown"],
  ])("%s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe("statusPollRateLimit", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use("/payment-status", statusPollRateLimit(3));
    app.get("*", (_req, res) => {
      res.json({ order: "ok" });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const poll = (ip: string, path = "/payment-status?order=x") =>
    fetch(`${base}${path}`, { headers: { "X-Forwarded-For": ip } });

  it("refuses an IP's polls over the limit with a private 429, others and pages untouched", async () => {
    for (let i = 0; i < 3; i += 1) expect((await poll("203.0.113.1")).status).toBe(200);
    const refused = await poll("203.0.113.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("ratelimit")).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    expect(refused.headers.get("ratelimit-policy")).toBe("3;w=60");
    expect(await refused.json()).toEqual({ order: null });
    expect((await poll("203.0.113.2")).status).toBe(200);
    expect((await poll("203.0.113.1", "/payment-success?order=x")).status).toBe(200);
  });
});

describe("downloadHandOffRateLimit", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use("/api", downloadHandOffRateLimit(3));
    app.get("*", (_req, res) => {
      res.redirect(302, "https://download.example/setup.exe");
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const follow = (ip: string, path = "/api/orbitshield/keynest-download/?platform=windows") =>
    fetch(`${base}${path}`, { headers: { "X-Forwarded-For": ip }, redirect: "manual" });

  it("refuses an address's hand-offs over the limit with a private 429 page, others untouched", async () => {
    for (let i = 0; i < 3; i += 1) expect((await follow("203.0.113.7")).status).toBe(302);
    const refused = await follow("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await refused.text()).toContain("Too many requests");
    // Another address, and the site's pages, are not counted with it.
    expect((await follow("203.0.113.8")).status).toBe(302);
    expect((await follow("203.0.113.7", "/features")).status).toBe(302);
  });
});
