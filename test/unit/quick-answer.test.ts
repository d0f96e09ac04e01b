import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickAnswer, quickKey } from "~/server/quick-answer.server";
import type { StoredPage } from "~/server/stored-page.server";
import { createLogger } from "~/observability/log.server";
import { startCompiledSite, type CompiledSite } from "../support/compiled-site";
import { TEST_SESSION_SECRET } from "../support/site-http";

const request = (
  method: string,
  url: string,
  headers: Record<string, string> = {},
): IncomingMessage =>
  ({ method, url, headers: { accept: "text/html", ...headers } }) as unknown as IncomingMessage;

describe("which requests the quick path may answer", () => {
  it.each([
    ["GET", "/de/security", {}],
    ["HEAD", "/de/security", {}],
    ["GET", "/de/blog?page=2", {}],
  ] as const)("%s %s: a cache key", async (method, url, headers) => {
    expect(await quickKey(request(method, url, headers))).toMatch(/\n/);
  });

  it.each([
    ["POST", "/de/security", {}, "a post"],
    ["GET", "/de/security", { "x-forwarded-proto": "http" }, "a proxy's word on the scheme"],
    ["GET", "//evil.example/", {}, "a path the guard redirects"],
    ["GET", "/de/security/", {}, "a trailing slash"],
    ["GET", "/zz/security", {}, "a junk language prefix (the guard redirects)"],
    ["GET", "/ja/security?x=1", {}, "Japanese by its ISO code (the prefix is /jp/)"],
    ["GET", "/de/%E0%A4%A", {}, "an undecodable path"],
    ["GET", "http://evil.example/de/security", {}, "an absolute target"],
    ["GET", "/__manifest?p=/de/security", {}, "route discovery"],
    ["GET", "/de/security#top", {}, "a fragment"],
    ["GET", "/de/security", { accept: "application/json" }, "not a page"],
    ["GET", "/assets/entry.client-abc.js", {}, "a file"],
    ["GET", "/de/security", { cookie: "__Host-session=abc" }, "a session"],
    ["PUT", "/de/security", {}, "an unknown method"],
  ] as const)("%s %s: Express (%s)", async (method, url, headers, _why) => {
    expect(await quickKey(request(method, url, headers))).toBeNull();
  });
});

/** Headers that differ on every answer by design. */
const PER_RESPONSE = new Set(["x-request-id", "date"]);

function comparable(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) out[name] = value;
  });
  return out;
}

describe("a quick answer's end", () => {
  /** The quick path before a fake page store whose one page is `size` bytes of gzip. */
  async function serving(size: number) {
    const page = {} as StoredPage;
    const lines: string[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write: (chunk: Buffer, _encoding, done) => done(void lines.push(String(chunk))),
      }),
    );
    const handler = quickAnswer(
      {
        enabled: true,
        ownCookies: [],
        securityHeaders: ["X-Fixed", "1"],
        log,
        routeOf: () => () => "page/de/security",
        pages: {
          lookup: () => page,
          replay: (_req, res, given, head) => {
            expect(given).toBe(page);
            res.writeHead(200, [...head, "Content-Length", String(size)]);
            res.end(Buffer.alloc(size, 1));
          },
        },
      },
      (_req, res) => res.writeHead(500).end(),
    );
    const server = createServer(handler).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    return { lines, log, port, close: () => server.close() };
  }

  it("logs the line once written out and answers with the id", async () => {
    const site = await serving(1024);
    const response = await fetch(`http://127.0.0.1:${site.port}/de/security`, {
      headers: { accept: "text/html", "x-request-id": "edge-7" },
    });
    expect(response.headers.get("x-request-id")).toBe("edge-7");
    expect((await response.arrayBuffer()).byteLength).toBe(1024);
    await new Promise<void>((resolve) => site.log.flush(() => resolve()));
    expect(JSON.parse(site.lines.join(""))).toMatchObject({
      level: "info",
      req: { id: "edge-7", method: "GET", path: "/de/security" },
      res: { status: 200 },
      msg: "request",
    });
    site.close();
  });

  it("logs the answer of a client that left before taking it", async () => {
    // Far more than the socket's buffers: the client reads nothing and leaves.
    const site = await serving(64 * 1024 * 1024);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`http://127.0.0.1:${site.port}/de/security`, {
        headers: { accept: "text/html" },
      });
      req.on("response", (res) => {
        res.pause();
        setTimeout(() => req.destroy(), 50);
      });
      req.on("close", () => resolve());
      req.end();
    });
    await expect.poll(() => site.lines.length, { timeout: 3_000 }).toBe(1);
    expect(JSON.parse(site.lines.join(""))).toMatchObject({ req: { path: "/de/security" } });
    site.close();
  });
});

describe("the quick path against Express, on the built server", () => {
  let site: CompiledSite;
  beforeAll(async () => {
    site = await startCompiledSite({
      SANDBOX: "1",
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: "info",
    });
  }, 40_000);
  afterAll(async () => {
    await site?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, {
      headers: { Accept: "text/html", "Accept-Encoding": "gzip", ...headers },
      redirect: "manual",
    });

  it("answers a hit with the headers and page Express gives it, and its own id", async () => {
    expect((await get("/de/security")).headers.get("x-page-cache")).toBe("miss");
    const quick = await get("/de/security");
    // A proxy's word on the scheme sends the request through Express (it is not redirected:
    // TRUST_PROXY is unset, so nothing is trusted).
    const express = await get("/de/security", { "X-Forwarded-Proto": "https" });
    expect(quick.headers.get("x-page-cache")).toBe("hit");
    expect(express.headers.get("x-page-cache")).toBe("hit");
    expect(comparable(quick.headers)).toEqual(comparable(express.headers));

    // The page's own policy, naming its inline scripts by their hashes, on both paths.
    const policy = quick.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("nonce");
    const [quickPage, expressPage] = [await quick.text(), await express.text()];
    expect(quickPage).not.toContain("nonce=");
    expect(quickPage).toBe(expressPage);
    expect(quick.headers.get("x-request-id")).not.toBe(express.headers.get("x-request-id"));
  });

  it("returns a proxy's request id and logs the answer as Express would", async () => {
    await get("/de/pricing");
    const answer = await get("/de/pricing", { "X-Request-Id": "edge-quick-1" });
    expect(answer.headers.get("x-page-cache")).toBe("hit");
    expect(answer.headers.get("x-request-id")).toBe("edge-quick-1");
    await answer.text();
    // Lines are written in batches, at the latest a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const line = site
      .output()
      .split("\n")
      .find((text) => text.includes('"edge-quick-1"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: "info",
      msg: "request",
      req: { id: "edge-quick-1", method: "GET", path: "/de/pricing" },
      res: { status: 200 },
    });
  });

  it("leaves a malformed cookie of the site's to Express, which clears it", async () => {
    await get("/de/features");
    const answer = await get("/de/features", { Cookie: "lang=%E0%A4%A" });
    expect(answer.headers.get("x-page-cache")).toBe("hit");
    expect(answer.headers.get("set-cookie")).toMatch(/^lang=;/);
  });
});
