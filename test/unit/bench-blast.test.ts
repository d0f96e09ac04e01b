import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseFramer, blast } from "../../scripts/bench/blast-worker";
import { blastTogether, figuresOf, percentile } from "../../scripts/bench/blast";

/** Feeds `wire` to a framer in pieces of `size` bytes; returns the statuses it completed. */
function frame(wire: string, size: number): number[] {
  const done: number[] = [];
  const framer = new ResponseFramer((status) => done.push(status));
  const bytes = Buffer.from(wire, "latin1");
  for (let at = 0; at < bytes.length; at += size) framer.push(bytes.subarray(at, at + size));
  return done;
}

const fixed = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\nContent-Type: text/html\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
const chunked = (chunks: string[]) =>
  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
  chunks.map((c) => `${c.length.toString(16)}\r\n${c}\r\n`).join("") +
  "0\r\n\r\n";

describe("the load generator's response framing", () => {
  const wire =
    fixed(200, "<p>hello</p>") +
    chunked(["<html>", "x".repeat(70_000), "</html>"]) +
    fixed(404, "") +
    fixed(302, "moved");

  it.each([1, 2, 3, 7, 100, 16_384, 1_000_000])(
    "completes each response once, read %d bytes at a time",
    (size) => {
      expect(frame(wire, size)).toEqual([200, 200, 404, 302]);
    },
  );

  it("waits for the last byte of a body before counting it", () => {
    expect(frame(fixed(200, "abcdef").slice(0, -1), 1_000)).toEqual([]);
    expect(frame(chunked(["abc"]).slice(0, -2), 1_000)).toEqual([]);
  });

  it("refuses what is not HTTP/1.x or has a bad chunk size", () => {
    expect(() => frame("SSH-2.0-OpenSSH\r\n\r\n", 100)).toThrow("not an HTTP/1.x response");
    expect(() => frame("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 100)).toThrow(
      "bad chunk size",
    );
  });
});

describe("the load generator's figures", () => {
  it("takes percentiles by nearest rank", () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(Float64Array.from([7]), 0.99)).toBe(7);
    expect(percentile(new Float64Array(0), 0.5)).toBe(0);
  });

  it("turns a run into rates, latencies and counts", () => {
    const figures = figuresOf({
      requests: 4,
      elapsedMs: 2_000,
      latencies: Float64Array.from([4, 1, 3, 2]),
      statusCodes: { "200": 3, "503": 1 },
      bytes: 10_000,
      errors: 1,
      timeouts: 0,
    });
    expect(figures).toEqual({
      requestsPerSec: 2,
      p50Ms: 2,
      p99Ms: 4,
      non2xx: 1,
      errors: 1,
      timeouts: 0,
      bytesPerSec: 5_000,
      requests: 4,
      statusCodes: { "200": 3, "503": 1 },
    });
  });
});

describe("the load generator against a real server", () => {
  let server: http.Server;
  let port = 0;
  let seen = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen += 1;
      if (req.url === "/stream") {
        res.write("a".repeat(5_000));
        setImmediate(() => res.end("b".repeat(5_000)));
      } else if (req.url === "/close") {
        res.setHeader("Connection", "close");
        res.end("bye");
      } else res.writeHead(req.url === "/" ? 200 : 404).end("x".repeat(20_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(["/", "/stream", "/close", "/missing"])(
    "counts every answer to %s the server sent, with its status",
    async (path) => {
      seen = 0;
      const result = await blast({
        host: "127.0.0.1",
        port,
        path,
        headers: { Accept: "text/html" },
        connections: 4,
        duration: 0.3,
      });
      expect(result.requests).toBeGreaterThan(10);
      expect(result.requests).toBe(seen);
      expect(result.latencies).toHaveLength(result.requests);
      expect(result.errors).toBe(0);
      const status = path === "/missing" ? "404" : "200";
      expect(result.statusCodes).toEqual({ [status]: result.requests });
    },
  );

  it("loads two URLs at once from one generator thread, each with its own figures", async () => {
    seen = 0;
    const [found, missing] = await blastTogether(
      [`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/missing`],
      { connections: 2, duration: 0.3, headers: { Accept: "text/html" } },
    );
    expect(found!.requests).toBeGreaterThan(10);
    expect(missing!.requests).toBeGreaterThan(10);
    expect(found!.requests + missing!.requests).toBe(seen);
    expect(found!.statusCodes).toEqual({ "200": found!.requests });
    expect(missing!.statusCodes).toEqual({ "404": missing!.requests });
  });
});
