import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeFormPost, consumeSharedAddressPost } from "~/forms/form-limit.server";
import { addressKey } from "~/forms/limits/address";
import {
  countSearch,
  downloadHandOffRateLimit,
  statusPollRateLimit,
} from "~/forms/rate-limit.server";

describe("consumeFormPost (the per-address limit, asked where each form is handled)", () => {
  const posts = async (form: Parameters<typeof consumeFormPost>[0], ip: string, n: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < n; i += 1) answers.push(await consumeFormPost(form, ip));
    return answers;
  };

  it("takes 10 posts of a visitor form from one address, refuses the 11th, per address and form", async () => {
    const ip = "198.51.100.1";
    expect(await posts("newsletter", ip, 11)).toEqual([...Array<boolean>(10).fill(true), false]);
    // Another form, another visitor: their own counts.
    expect(await consumeFormPost("feedback", ip)).toBe(true);
    expect(await consumeFormPost("newsletter", "198.51.100.2")).toBe(true);
  });

  it("takes 300 posts of a form of buying or signing in from one address, refuses the 301st, each its own count", async () => {
    const ip = "198.51.100.4";
    const answers: boolean[] = [];
    for (let i = 0; i < 301; i += 1) answers.push(await consumeSharedAddressPost("checkout", ip));
    expect(answers).toEqual([...Array<boolean>(300).fill(true), false]);
    expect(await consumeSharedAddressPost("bonus", ip)).toBe(true);
    expect(await consumeSharedAddressPost("sign-in", ip)).toBe(true);
    // The visitor forms keep their own, lower limit at the same address.
    expect(await consumeFormPost("newsletter", ip)).toBe(true);
  });

  it("counts an IPv6 visitor by the /56: another address of the same network shares the count", async () => {
    expect(await posts("contact", "2001:db8:1:100::1", 10)).not.toContain(false);
    expect(await consumeFormPost("contact", "2001:db8:1:1ff:ffff::9")).toBe(false);
    expect(await consumeFormPost("contact", "2001:db8:1:200::1")).toBe(true);
  });
});

describe("countSearch (searches per address, asked by the search page's loader)", () => {
  const searches = async (ip: string, n: number) => {
    const takes = [];
    for (let i = 0; i < n; i += 1) takes.push(await countSearch(ip));
    return takes;
  };

  it("takes 60 searches a minute from one address, refuses the 61st with the wait, per address", async () => {
    const takes = await searches("198.51.100.60", 61);
    expect(takes.map((take) => take.allowed)).toEqual([...Array<boolean>(60).fill(true), false]);
    const refused = takes[60]!;
    expect(refused.remaining).toBe(0);
    expect(refused.msBeforeNext).toBeGreaterThan(0);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    // A search past the limit is still counted: the address stays refused for the window.
    expect((await countSearch("198.51.100.60")).allowed).toBe(false);
    expect((await countSearch("198.51.100.61")).allowed).toBe(true);
  });

  it("counts an IPv6 searcher by the /56: another address of the same network shares the count", async () => {
    expect((await searches("2001:db8:2:100::1", 60)).every((take) => take.allowed)).toBe(true);
    expect((await countSearch("2001:db8:2:1ff::2")).allowed).toBe(false);
    expect((await countSearch("2001:db8:2:200::1")).allowed).toBe(true);
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

/** An Express app on a free port with `guard` mounted at `mount`; every request it lets by is answered. */
function serveBehind(mount: string, guard: RequestHandler, answer: RequestHandler) {
  const served = { base: "" };
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(mount, guard);
    app.get("*", answer);
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    served.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  return served;
}

describe("statusPollRateLimit", () => {
  const answerOrder: RequestHandler = (_req, res) => {
    res.json({ order: "ok" });
  };
  const small = serveBehind("/payment-status", statusPollRateLimit(3), answerOrder);
  const site = serveBehind("/payment-status", statusPollRateLimit(), answerOrder);

  const poll = (ip: string, path = "/payment-status?order=x", base = small.base) =>
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

  it("answers 30 polls a minute from one address, refuses the 31st", async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await poll("203.0.113.30", undefined, site.base)).status).toBe(200);
    }
    const refused = await poll("203.0.113.30", undefined, site.base);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe("30;w=60");
  });
});

describe("downloadHandOffRateLimit", () => {
  const handOff: RequestHandler = (_req, res) => {
    res.redirect(302, "https://download.example/setup.exe");
  };
  const small = serveBehind("/api", downloadHandOffRateLimit(3), handOff);
  const site = serveBehind("/api", downloadHandOffRateLimit(), handOff);

  const follow = (
    ip: string,
    path = "/api/orbitshield/keynest-download/?platform=windows",
    base = small.base,
  ) => fetch(`${base}${path}`, { headers: { "X-Forwarded-For": ip }, redirect: "manual" });

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

  it("hands off 30 downloads a minute to one address, refuses the 31st", async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await follow("203.0.113.37", undefined, site.base)).status).toBe(302);
    }
    const refused = await follow("203.0.113.37", undefined, site.base);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe("30;w=60");
  });
});
