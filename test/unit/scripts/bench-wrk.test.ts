import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figuresOfWrk, runLoad, runLoadTogether } from "../../../scripts/bench/load";

/** wrk's own summary, then the line scripts/bench/report.lua prints. */
const output = (report: object) =>
  [
    "Running 2s test @ http://127.0.0.1:4414/",
    "  1 threads and 50 connections",
    "Requests/sec:  12345.67",
    JSON.stringify(report),
    "",
  ].join("\n");

const report = {
  requests: 24_000,
  durationUs: 2_000_000,
  bytes: 48_000_000,
  requestsPerSec: 12_000,
  latencyUs: { p50: 3_456, p90: 5_000, p99: 12_345, max: 40_004 },
  errors: { connect: 1, read: 2, write: 3, status: 0, timeout: 4 },
};

describe("wrk's report line", () => {
  it("turns a run into rates, latencies in ms and counts", () => {
    expect(figuresOfWrk(output(report))).toEqual({
      requestsPerSec: 12_000,
      p50Ms: 3.46,
      p90Ms: 5,
      p99Ms: 12.35,
      maxMs: 40,
      non2xx: 0,
      errors: 6,
      timeouts: 4,
      bytesPerSec: 24_000_000,
      requests: 24_000,
      statusCodes: { "<400": 24_000 },
    });
  });

  it("counts the answers above 399 apart", () => {
    const figures = figuresOfWrk(output({ ...report, errors: { ...report.errors, status: 100 } }));
    expect(figures.non2xx).toBe(100);
    expect(figures.statusCodes).toEqual({ "<400": 23_900, "≥400": 100 });
  });

  it("refuses output without the report line", () => {
    expect(() => figuresOfWrk("unable to connect to 127.0.0.1:1 Connection refused\n")).toThrow(
      "wrk printed no report",
    );
  });
});

// wrk is a Debian package (.ci/run installs it; `npm run bench` too).
describe("wrk against a real server", () => {
  let server: http.Server;
  let base = "";
  const seen = new Map<string, number>();
  const headers: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.set(req.url!, (seen.get(req.url!) ?? 0) + 1);
      if (headers.length < 5) headers.push(req.headers);
      res.writeHead(req.url === "/" ? 200 : 404).end("x".repeat(20_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("loads a URL with the bench's headers and counts what it was answered", async () => {
    const found = await runLoad(`${base}/`, { connections: 4, duration: 1 });
    expect(found.requests).toBeGreaterThan(100);
    // Answers still on their way when the run ends are not counted.
    expect(seen.get("/")! - found.requests).toBeLessThanOrEqual(4);
    expect(found).toMatchObject({ non2xx: 0, errors: 0, timeouts: 0 });
    expect(found.bytesPerSec).toBeGreaterThan(found.requestsPerSec * 20_000);
    expect(found.p50Ms).toBeGreaterThan(0);
    expect(found.p99Ms).toBeGreaterThanOrEqual(found.p90Ms);
    expect(found.maxMs).toBeGreaterThanOrEqual(found.p99Ms);
    expect(headers[0]).toMatchObject({ "accept-encoding": "gzip", cookie: "dismissed=cookie" });
  });

  it("loads two URLs at once, each with its own figures", async () => {
    const [found, missing] = await runLoadTogether([`${base}/`, `${base}/missing`], {
      connections: 2,
      duration: 1,
    });
    expect(found!.requests).toBeGreaterThan(100);
    expect(found!.non2xx).toBe(0);
    expect(missing!.requests).toBeGreaterThan(100);
    expect(missing!.non2xx).toBe(missing!.requests);
    expect(missing!.statusCodes).toEqual({ "≥400": missing!.requests });
  });
});
