import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamClient } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";

// A real socket (no msw): the cap must hold against an upstream that never stops sending.
let server: Server;
let base = "";
let sent = 0;
let closedEarly = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, " ");
    const pump = () => {
      while (!res.destroyed && sent < 200 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
    };
    res.on("close", () => (closedEarly = sent < 200 * 1024 * 1024));
    pump();
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("upstream answers over a real connection", () => {
  it("stops reading an endless body at the cap and closes the connection", async () => {
    const client = new UpstreamClient({ baseUrl: base, maxBodyBytes: 5 * 1024 * 1024 });
    const before = process.memoryUsage().rss;
    const error = await client.request({ path: "/endless/", schema: z.unknown() }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe("RESPONSE_TOO_LARGE");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closedEarly).toBe(true);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
