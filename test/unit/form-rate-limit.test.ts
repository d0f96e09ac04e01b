import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formIdOf, formRateLimit, statusPollRateLimit } from "~/forms/rate-limit.server";

describe("formIdOf (which form a raw body posts)", () => {
  it.each<[string, Buffer | undefined, string | null]>([
    ["a newsletter post", Buffer.from("_form=newsletter&email=a%40b.io"), "newsletter"],
    ["a feedback post", Buffer.from("step=vote&_form=feedback"), "feedback"],
    ["a bonus code check", Buffer.from("_form=bonus&plan=102&code=WELCOME20"), "bonus"],
    ["no form field", Buffer.from("notice=cookie&to=%2F"), null],
    ["an empty body", Buffer.alloc(0), null],
    ["no body", undefined, null],
    ["a strange form name", Buffer.from("_form=%3Cscript%3E"), "other"],
    [
      "a multipart form",
      Buffer.from('--b\r\nContent-Disposition: form-data; name="_form"\r\n\r\nx'),
      "multipart",
    ],
  ])("%s", (_name, body, expected) => {
    expect(formIdOf(body)).toBe(expected);
  });
});

describe("formRateLimit", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(express.raw({ type: () => true }));
    app.use(formRateLimit({ limit: 2, windowMs: 60_000 }));
    app.post("*", (_req, res) => {
      res.json({ limited: res.locals.rateLimited === true });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const send = async (body: string, ip: string) => {
    const response = await fetch(`${base}/features`, {
      method: "POST",
      body,
      headers: { "X-Forwarded-For": ip, "Content-Type": "application/x-www-form-urlencoded" },
    });
    return ((await response.json()) as { limited: boolean }).limited;
  };

  it("marks posts over the limit, per IP and per form, and lets them through to the page", async () => {
    const newsletter = "_form=newsletter&email=a%40b.io";
    expect(await send(newsletter, "198.51.100.1")).toBe(false);
    expect(await send(newsletter, "198.51.100.1")).toBe(false);
    expect(await send(newsletter, "198.51.100.1")).toBe(true);
    // Another form, another visitor: their own counts.
    expect(await send("_form=feedback&step=vote", "198.51.100.1")).toBe(false);
    expect(await send(newsletter, "198.51.100.2")).toBe(false);
    // Posts that are no visitor form (closing a notice) are not counted.
    for (let i = 0; i < 4; i += 1) expect(await send("notice=cookie", "198.51.100.3")).toBe(false);
  });

  it("counts the checkout's bonus code checks apart from its purchases", async () => {
    const bonus = "_form=bonus&plan=102&code=GUESS1";
    const checkout = "_form=checkout&plan=102&email=a%40b.io&method=card";
    expect(await send(bonus, "198.51.100.4")).toBe(false);
    expect(await send(bonus, "198.51.100.4")).toBe(false);
    expect(await send(bonus, "198.51.100.4")).toBe(true);
    expect(await send(checkout, "198.51.100.4")).toBe(false);
    expect(await send(bonus, "198.51.100.5")).toBe(false);
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
    expect(await refused.json()).toEqual({ order: null });
    expect((await poll("203.0.113.2")).status).toBe(200);
    expect((await poll("203.0.113.1", "/payment-success?order=x")).status).toBe(200);
  });
});
