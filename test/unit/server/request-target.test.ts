import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestTargetGuard } from "~/server/request-guards.server";
import { checkRequestTarget, isBoundedPath } from "~/server/request-target";

const deep = (n: number) => "/de" + "/a".repeat(n);

describe("checkRequestTarget", () => {
  it.each([
    ["GET", "/"],
    ["GET", "/features"],
    ["HEAD", "/de/help/manuals/how-to-install?x=1"],
    ["POST", "/action/dismiss"],
    ["GET", "/search?q=a//b/"],
    ["GET", "/__manifest?p=/features&version=abc"],
    ["GET", "/api/orbitshield/keynest-download/?platform=windows"],
    ["GET", "/jp/features"],
    ["GET", "/de/zz/features"],
    ["GET", "/abc/features"],
  ])("lets %s %s through", (method, url) => {
    expect(checkRequestTarget(method, url)).toEqual({ kind: "ok" });
  });

  it.each([
    ["//evil.com/", "/evil.com"],
    ["///evil.com/", "/evil.com"],
    ["/.//evil.com/", "/evil.com"],
    ["/..//evil.com", "/evil.com"],
    ["/features/", "/features"],
    ["/de//features?x=1", "/de/features?x=1"],
    ["/a/./b/../c/", "/a/c"],
    ["/api//x/", "/api/x/"],
    ["/%5Cevil.com/", "/%5Cevil.com"],
    // A junk language prefix: one hop to the path without it, query kept.
    ["/zz/features", "/features"],
    ["/ja/features?plan=family&x=1", "/features?plan=family&x=1"],
    ["/xx", "/"],
    ["/XX/", "/"],
    ["/en/pricing", "/pricing"],
    ["/zz/yy/features", "/features"],
    ["/zz//features/", "/features"],
    ["/zz/de/features", "/de/features"],
    ["/zz//evil.com/", "/evil.com"],
    ["/zz/../..//evil.com", "/evil.com"],
  ])("redirects GET %j to the same-site path %j", (url, location) => {
    expect(checkRequestTarget("GET", url)).toEqual({ kind: "redirect", location });
  });

  it.each([
    ["GET", "/\\evil.com/", 404],
    ["GET", "/\\/evil.com/", 404],
    ["POST", "/action/dismiss/", 404],
    ["POST", "/zz/features", 404],
    ["GET", "http://evil.com/x", 400],
    ["OPTIONS", "*", 400],
    ["GET", "/a\u0000b", 400],
    ["GET", "/a\r\nSet-Cookie: x=1", 400],
    ["GET", "/%E0%A4%A", 400],
    ["TRACE", "/", 405],
    ["PUT", "/action/dismiss", 405],
    ["DELETE", "/action/logout", 405],
    ["PATCH", "/", 405],
    ["OPTIONS", "/", 405],
    ["GET", deep(8000) + "?x=1", 414],
  ])("answers %s %j with %i", (method, url, status) => {
    expect(checkRequestTarget(method, url)).toEqual({ kind: "reject", status });
  });

  it("judges an 8000-segment path in well under a millisecond", () => {
    const url = deep(8000) + "?x=1";
    const started = performance.now();
    for (let i = 0; i < 100; i++) checkRequestTarget("GET", url);
    expect((performance.now() - started) / 100).toBeLessThan(1);
  });

  it("never redirects off the site, whatever the path", () => {
    const tricks = ["/", "//", "\\", ".", "..", "evil.com", "%2f", "%5c", "@", ":", "?", "#", "a"];
    // Junk language prefixes and a real one among them.
    const pieces = tricks.concat(["zz", "/zz/", "de"]);
    let seed = 42;
    for (let i = 0; i < 3000; i++) {
      let url = "/";
      for (let j = 0; j < 6; j++) {
        seed = (seed * 48271) % 2147483647;
        url += pieces[seed % pieces.length];
      }
      const verdict = checkRequestTarget("GET", url);
      if (verdict.kind !== "redirect") continue;
      expect(verdict.location, url).toMatch(/^\/(?![/\\])/);
      // One hop: where it leads is let through as it is (browsers never send a fragment).
      if (!url.includes("#")) {
        expect(checkRequestTarget("GET", verdict.location), url).toEqual({ kind: "ok" });
      }
      expect(new URL(verdict.location, "https://www.keynest.example").origin).toBe(
        "https://www.keynest.example",
      );
    }
  });
});

describe("the request target's limits", () => {
  /** A path of `length` characters with a single slash. */
  const long = (length: number) => `/${"a".repeat(length - 1)}`;
  /** A path of `n` segments (as many slashes). */
  const segments = (n: number) => "/a".repeat(n);
  /** A search of `length` characters in all, query included. */
  const search = (length: number) => `/search?q=${"q".repeat(length - "/search?q=".length)}`;

  it("lets a path of 1024 characters through, answers 1025 with 414", () => {
    expect(long(1024)).toHaveLength(1024);
    expect(checkRequestTarget("GET", long(1024))).toEqual({ kind: "ok" });
    expect(checkRequestTarget("GET", long(1025))).toEqual({ kind: "reject", status: 414 });
  });

  it("lets a path of 24 segments through, answers 25 with 404", () => {
    expect(checkRequestTarget("GET", segments(24))).toEqual({ kind: "ok" });
    expect(checkRequestTarget("GET", segments(25))).toEqual({ kind: "reject", status: 404 });
    // A language prefix is a segment like any other.
    expect(checkRequestTarget("GET", `/de${segments(23)}`)).toEqual({ kind: "ok" });
    expect(checkRequestTarget("GET", `/de${segments(24)}`)).toEqual({
      kind: "reject",
      status: 404,
    });
  });

  it("lets a request target of 8192 characters through, answers 8193 with 414", () => {
    expect(search(8192)).toHaveLength(8192);
    expect(checkRequestTarget("GET", search(8192))).toEqual({ kind: "ok" });
    expect(search(8193)).toHaveLength(8193);
    expect(checkRequestTarget("GET", search(8193))).toEqual({ kind: "reject", status: 414 });
  });

  it("bounds each path route discovery asks about the same way: 1024 characters, 24 segments", () => {
    expect(isBoundedPath(long(1024))).toBe(true);
    expect(isBoundedPath(long(1025))).toBe(false);
    expect(isBoundedPath(segments(24))).toBe(true);
    expect(isBoundedPath(segments(25))).toBe(false);
  });
});

describe("requestTargetGuard and route discovery", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(requestTargetGuard);
    app.get("*", (_req, res) => {
      res.json({ routes: "matched" });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const discover = (paths: string[]) =>
    fetch(`${base}/__manifest?${paths.map((path) => `p=${path}`).join("&")}&version=abc`);

  it("matches 1000 paths of one request, refuses 1001 with 400", async () => {
    expect((await discover(Array<string>(1000).fill("/a"))).status).toBe(200);
    expect((await discover(Array<string>(1001).fill("/a"))).status).toBe(400);
  });

  it("matches a path of 1024 characters or 24 segments, refuses 1025 or 25 with 400", async () => {
    expect((await discover([`/${"a".repeat(1023)}`])).status).toBe(200);
    expect((await discover([`/${"a".repeat(1024)}`])).status).toBe(400);
    expect((await discover(["/a".repeat(24)])).status).toBe(200);
    expect((await discover(["/a".repeat(25)])).status).toBe(400);
  });
});

describe("one spelling of every path", () => {
  it.each([
    ["/SEARCH", "/search"],
    ["/Search?q=x", "/search?q=x"],
    ["/se%61rch", "/search"],
    ["/d%65/search", "/de/search"],
    ["/DE/Pricing", "/de/pricing"],
    ["/payment-st%61tus?order=1", "/payment-status?order=1"],
    [
      "/%61pi/orbitshield/firewall-download/?platform=windows",
      "/api/orbitshield/firewall-download/?platform=windows",
    ],
    ["/%7A%7A/features", "/features"],
    ["/ru/%d0%b1", "/ru/%D0%B1"],
  ])("redirects GET %j once to %j", (url, location) => {
    expect(checkRequestTarget("GET", url)).toEqual({ kind: "redirect", location });
    expect(checkRequestTarget("GET", location)).toEqual({ kind: "ok" });
  });

  it.each(["/Action/dismiss", "/%61ction/dismiss", "/PAYMENT-STATUS"])(
    "answers a POST to another spelling (%j) with 404",
    (url) => {
      expect(checkRequestTarget("POST", url)).toEqual({ kind: "reject", status: 404 });
    },
  );
});
