import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, requestLogger, skipRequestLog } from "~/observability/log.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  let raw = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, raw: () => raw };
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function serve(level: "info" | "warn" = "info") {
  const out = capture();
  const logger = createLogger(level, out.stream);
  const app = express();
  app.use(requestLogger(logger));
  app.get("/page", (_req, res) => res.send("ok"));
  app.get("/boom", (_req, res) => res.status(500).send("no"));
  app.get("/healthz", (_req, res) => res.send("ok"));
  app.get("/readyz", (_req, res) => res.status(503).send("unavailable"));
  app.get("/scrape", (_req, res) => {
    skipRequestLog(res);
    res.send("metrics");
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { out, base, logger };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("request log", () => {
  it("writes one JSON line per request with the proxy's request id, returned to the client", async () => {
    const { out, base } = await serve();
    const response = await fetch(`${base}/page?q=my+search&token=t0k3n`, {
      headers: {
        "X-Request-Id": "edge-1234.abc",
        Cookie: "__session=s3cr3t-session; lang=de",
        Authorization: "Bearer a-token",
        "X-Auth-Token": "upstream-token",
      },
    });
    expect(response.headers.get("x-request-id")).toBe("edge-1234.abc");
    await settle();
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatchObject({
      level: "info",
      msg: "request",
      req: { id: "edge-1234.abc", method: "GET", path: "/page" },
      res: { status: 200 },
    });
    expect(out.lines[0]).toHaveProperty("responseTime");
    // The fields in the order log queries and dashboards have always seen them.
    expect(Object.keys(out.lines[0]!)).toEqual([
      "level",
      "time",
      "req",
      "res",
      "responseTime",
      "msg",
    ]);
    for (const secret of ["s3cr3t", "a-token", "upstream-token", "t0k3n", "my+search", "cookie"]) {
      expect(out.raw().toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it.each(["has spaces in it", "x".repeat(65), "a\u00e9b", ""])(
    "replaces the unusable request id %j with its own",
    async (given) => {
      const { out, base } = await serve();
      const response = await fetch(`${base}/page`, { headers: { "X-Request-Id": given } });
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await settle();
      expect(out.lines[0]).toMatchObject({ req: { id } });
    },
  );

  it("logs server errors at error level and skips health and readiness probes", async () => {
    const { out, base } = await serve();
    await fetch(`${base}/healthz`);
    await fetch(`${base}/healthz?from=lb`);
    await fetch(`${base}/readyz`);
    await fetch(`${base}/boom`);
    await settle();
    expect(out.lines.map((line) => line.level)).toEqual(["error"]);
    expect(out.lines[0]).toMatchObject({
      msg: "request failed",
      req: { method: "GET", path: "/boom" },
      res: { status: 500 },
      err: { message: "failed with status code 500" },
    });
    // Its own answer is no failure with a stack: only the logging code would show in one.
    expect(JSON.stringify(out.lines[0])).not.toContain("    at ");
  });

  it("logs a 4xx at warn, once, and a request whose client left before the answer", async () => {
    const { out, base, logger } = await serve();
    await fetch(`${base}/missing`);
    const slow = express();
    slow.use(requestLogger(logger));
    slow.get("/slow", () => {});
    const server = slow.listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const controller = new AbortController();
    const left = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`, {
      signal: controller.signal,
    }).catch(() => "left");
    await settle();
    controller.abort();
    expect(await left).toBe("left");
    await settle();
    expect(out.lines.map((line) => [line.level, (line.req as { path: string }).path])).toEqual([
      ["warn", "/missing"],
      ["info", "/slow"],
    ]);
  });

  it("writes a path of 200 characters whole, one of 201 cut to 200 and an ellipsis", async () => {
    const { out, base } = await serve();
    const longest = `/${"p".repeat(199)}`;
    expect(longest).toHaveLength(200);
    await fetch(`${base}${longest}?q=1`);
    await fetch(`${base}${longest}q?q=1`);
    await settle();
    expect(out.lines.map((line) => (line.req as { path: string }).path)).toEqual([
      longest,
      `${longest}…`,
    ]);
  });

  it("leaves out a request its handler asks to skip (an authorized metrics scrape)", async () => {
    const { out, base } = await serve();
    await fetch(`${base}/scrape`);
    await fetch(`${base}/page`);
    await settle();
    expect(out.lines.map((line) => (line.req as { path: string }).path)).toEqual(["/page"]);
  });

  it("honours the level: warn drops request lines of successful requests", async () => {
    const { out, base } = await serve("warn");
    await fetch(`${base}/page`);
    await settle();
    expect(out.lines).toEqual([]);
  });
});

describe("application log", () => {
  it("keeps an error's stack", () => {
    const out = capture();
    createLogger("info", out.stream).error(
      { err: new Error("upstream down") },
      "Site navigation unavailable",
    );
    expect(out.lines[0]).toMatchObject({ level: "error", msg: "Site navigation unavailable" });
    expect(JSON.stringify(out.lines[0])).toContain("upstream down\\n    at ");
  });
});
