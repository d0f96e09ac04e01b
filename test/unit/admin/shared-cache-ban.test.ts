import { createServer, type AddressInfo, type Server } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLEAR_CACHE_PATH, clearCacheEndpoint } from "~/admin/clear-cache.server";
import { sendBan, sharedCacheBanner } from "~/admin/shared-cache-ban.server";

/**
 * A stand-in for the shared cache: records each request line and answers with `status`. A raw
 * TCP server, as Node's HTTP parser refuses methods it does not know (BAN) before any handler.
 */
interface Stub {
  url: string;
  requests: { method: string; url: string; at: number }[];
  status: number;
  delayMs: number;
  server: Server;
}

async function startStub(): Promise<Stub> {
  const stub = { requests: [], status: 200, delayMs: 0 } as unknown as Stub;
  stub.server = createServer((socket) => {
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      const [method = "", url = ""] = head.split("\r\n", 1)[0]!.split(" ");
      stub.requests.push({ method, url, at: Date.now() });
      const body = "Banned\n";
      setTimeout(() => {
        socket.end(
          `HTTP/1.1 ${stub.status} X\r\nContent-Length: ${body.length}\r\n` +
            `Connection: close\r\n\r\n${body}`,
        );
      }, stub.delayMs);
    });
    socket.on("error", () => undefined);
  });
  stub.server.listen(0, "127.0.0.1");
  await new Promise((resolve) => stub.server.once("listening", resolve));
  stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}/`;
  return stub;
}

const waitFor = async (done: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

describe("the shared cache's BAN", () => {
  let stub: Stub;
  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(() => stub.server.close());
  afterEach(() => {
    stub.requests.length = 0;
    stub.status = 200;
    stub.delayMs = 0;
  });

  it("sends BAN to the configured URL and reports banned on a 2xx", async () => {
    expect(await sendBan(stub.url)).toEqual({ status: "banned" });
    expect(stub.requests).toMatchObject([{ method: "BAN", url: "/" }]);
  });

  it("reports failed when the cache refuses it", async () => {
    stub.status = 405;
    expect(await sendBan(stub.url)).toEqual({
      status: "failed",
      error: "the shared cache answered 405",
    });
  });

  it("reports failed when nothing answers, or not in time", async () => {
    const closed = await startStub();
    const url = closed.url;
    await new Promise((resolve) => closed.server.close(resolve));
    expect(await sendBan(url)).toEqual({ status: "failed", error: "ECONNREFUSED" });
    stub.delayMs = 500;
    expect(await sendBan(stub.url, 100)).toMatchObject({ status: "failed" });
  });

  it("is off without a URL, and sends nothing", async () => {
    expect(await sharedCacheBanner({ url: undefined })()).toEqual({ status: "off" });
    await new Promise((r) => setTimeout(r, 100));
    expect(stub.requests).toEqual([]);
  });

  it("bans once more a little later, for a page an instance rendered before it heard the clear", async () => {
    const ban = sharedCacheBanner({ url: stub.url, repeatAfterMs: 200 });
    expect(await ban()).toEqual({ status: "banned" });
    expect(stub.requests).toHaveLength(1);
    await waitFor(() => stub.requests.length === 2);
    expect(stub.requests.map((r) => r.method)).toEqual(["BAN", "BAN"]);
    expect(stub.requests[1]!.at - stub.requests[0]!.at).toBeGreaterThanOrEqual(190);
  });

  it("is the admin clear's last step, after the instances' own caches", async () => {
    const steps: string[] = [];
    const app = express();
    app.all(
      CLEAR_CACHE_PATH,
      clearCacheEndpoint({
        token: "t".repeat(40),
        clearUpstream: async () => {
          steps.push("upstream");
          return {};
        },
        clearCaches: async () => {
          steps.push("instances");
          return { cleared: ["page-cache"], shared: { status: "off" } };
        },
        clearSharedCache: async () => {
          steps.push("shared cache");
          return sharedCacheBanner({ url: stub.url, repeatAfterMs: 60_000 })();
        },
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}${CLEAR_CACHE_PATH}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${"t".repeat(40)}` },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ sharedCache: { status: "banned" } });
      expect(steps).toEqual(["upstream", "instances", "shared cache"]);
      expect(stub.requests).toMatchObject([{ method: "BAN" }]);

      stub.status = 503;
      const failed = await fetch(`http://127.0.0.1:${port}${CLEAR_CACHE_PATH}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${"t".repeat(40)}` },
      });
      // The site's own caches are cleared all the same; the answer says the shared one was not.
      expect(failed.status).toBe(200);
      expect(await failed.json()).toMatchObject({
        cleared: ["page-cache"],
        sharedCache: { status: "failed", error: "the shared cache answered 503" },
      });
    } finally {
      server.close();
    }
  });
});
