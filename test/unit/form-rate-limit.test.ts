import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  downloadHandOffRateLimit,
  formRateLimit,
  postedFormId,
  readPostedForm,
  statusPollRateLimit,
} from "~/forms/rate-limit.server";

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=kn-boundary";
const multipart = (fields: [string, string][]) =>
  Buffer.from(
    fields
      .map(
        ([name, value]) =>
          `--kn-boundary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + "--kn-boundary--\r\n",
  );

/** Ways to write (or hide) the form field, each with the form the action reads from it. */
const BODIES: [string, Buffer, string, string][] = [
  ["a newsletter post", Buffer.from("_form=newsletter&email=a%40b.io"), URLENCODED, "newsletter"],
  [
    "the field name percent-encoded",
    Buffer.from("%5Fform=newsletter&email=x"),
    URLENCODED,
    "newsletter",
  ],
  ["the field name fully encoded", Buffer.from("%5F%66%6F%72%6D=sign-in"), URLENCODED, "sign-in"],
  ["the value percent-encoded", Buffer.from("_form=%73ign-in"), URLENCODED, "sign-in"],
  [
    "a duplicated field (the first counts)",
    Buffer.from("_form=bonus&_form=checkout"),
    URLENCODED,
    "bonus",
  ],
  ["the field after others", Buffer.from("step=vote&_form=feedback"), URLENCODED, "feedback"],
  ["the field in capitals", Buffer.from("_FORM=newsletter"), URLENCODED, "unknown"],
  ["no form field", Buffer.from("notice=cookie&to=%2F"), URLENCODED, "unknown"],
  ["an unknown form", Buffer.from("_form=%3Cscript%3E"), URLENCODED, "unknown"],
  ["an empty body", Buffer.alloc(0), URLENCODED, "unknown"],
  [
    "a charset parameter",
    Buffer.from("_form=fast-login"),
    `${URLENCODED}; charset=utf-16`,
    "fast-login",
  ],
  [
    "a multipart post",
    multipart([
      ["_form", "bonus"],
      ["code", "X"],
    ]),
    MULTIPART,
    "bonus",
  ],
  ["a broken multipart body", Buffer.from("--kn-boundary\r\nnot a part"), MULTIPART, "unknown"],
];

describe("postedFormId (which form a raw body posts, as its action reads it)", () => {
  it.each(BODIES)("%s", async (_name, body, type, expected) => {
    expect(await postedFormId(body, type)).toBe(expected);
  });

  it.each(BODIES)("reads %s as Remix hands it to the action", async (_name, body, type) => {
    const asAction = await new Request("https://www.keynest.test/features", {
      method: "POST",
      body: new Uint8Array(body),
      headers: { "Content-Type": type },
    })
      .formData()
      .catch(() => null);
    const read = await readPostedForm(body, type);
    expect(read?.get("_form") ?? null).toEqual(asAction?.get("_form") ?? null);
  });
});

describe("formRateLimit", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(express.raw({ type: () => true }));
    app.use(formRateLimit({ limit: 2, sharedLimit: 5, windowMs: 60_000 }));
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
      headers: { "X-Forwarded-For": ip, "Content-Type": URLENCODED },
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
  });

  it("counts an encoded field name as the form it names: no encoding walks around the limit", async () => {
    const ip = "198.51.100.6";
    expect(await send("_form=newsletter", ip)).toBe(false);
    expect(await send("%5Fform=newsletter", ip)).toBe(false);
    expect(await send("%5F%66orm=newsletter", ip)).toBe(true);
    expect(await send("_form=%6Eewsletter", ip)).toBe(true);
  });

  it("counts posts that name no known form in one bucket, never skipping them", async () => {
    const ip = "198.51.100.3";
    expect(await send("notice=cookie", ip)).toBe(false);
    expect(await send("_FORM=newsletter", ip)).toBe(false);
    expect(await send("_form=made-up", ip)).toBe(true);
    expect(await send("", ip)).toBe(true);
  });

  it("gives the forms of buying and signing in the shared-address limit", async () => {
    const ip = "198.51.100.4";
    const checkout = "_form=checkout&plan=102&email=a%40b.io&method=card";
    for (let i = 0; i < 5; i += 1) expect(await send(checkout, ip)).toBe(false);
    expect(await send(checkout, ip)).toBe(true);
    // Each form of them has its own count.
    expect(await send("_form=bonus&plan=102&code=GUESS1", ip)).toBe(false);
    expect(await send("_form=sign-in&email=a%40b.io", ip)).toBe(false);
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
