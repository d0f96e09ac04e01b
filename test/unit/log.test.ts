import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { batchedLines, requestLine, requestLineBytes } from "~/log-lines.server";
import { createLogger, requestLogger, skipRequestLog } from "~/log.server";

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

describe("request line", () => {
  const pinoLine = (level: "info" | "warn", path: string, method: string) => {
    const out = capture();
    const line = {
      req: { id: "edge-1.a:b", method, path },
      res: { status: 204 },
      responseTime: 17,
    };
    createLogger("info", out.stream)[level](line, "request");
    return out.raw();
  };

  it.each([
    ["info", "/", "GET"],
    ["warn", "/de/preise", "HEAD"],
    ["info", '/a"quote\\back\u0001control', "GET"],
    ["warn", "/\u00e9t\u00e9/\ud83d\udd11/\u2028", "POST"],
    ["info", `/${"x".repeat(200)}…`, "GET"],
  ] as const)("is byte for byte the line pino writes (%s %j)", (level, path, method) => {
    const expected = pinoLine(level, path, method);
    const time = Date.parse(String(JSON.parse(expected).time));
    expect(requestLine(level, "edge-1.a:b", method, path, 204, 17, time)).toBe(expected);
  });

  it("writes each request's own method and path when they repeat, change and come back", () => {
    const requests = [
      ["GET", "/"],
      ["GET", "/"],
      ["HEAD", '/a"quote'],
      ["HEAD", '/a"quote'],
      ["GET", "/"],
      ["POST", "/\u2028"],
      ["GET", '/a"quote'],
    ] as const;
    for (const [method, path] of requests) {
      const expected = pinoLine("info", path, method);
      const time = Date.parse(String(JSON.parse(expected).time));
      expect(requestLine("info", "edge-1.a:b", method, path, 204, 17, time)).toBe(expected);
    }
  });
});

describe("request line bytes", () => {
  const t = Date.parse("2026-11-27T23:59:59.998Z");
  // Levels, times, methods, paths and statuses that repeat, change and come back, and response
  // times of every length and kind a clock could give.
  const requests: Parameters<typeof requestLine>[] = [
    ["info", "a", "GET", "/", 200, 0, t],
    ["info", "b", "GET", "/", 200, 9, t],
    ["warn", "c", "GET", "/", 404, 10, t],
    ["info", "d", "GET", "/", 200, 123, t + 1],
    ["warn", "e", "GET", "/", 404, 99_999, t + 1],
    ["warn", "f", "HEAD", '/a"quote\\back\u0001', 404, 7, t + 2],
    ["info", "edge-1.a:b", "GET", "/\u00e9t\u00e9/\ud83d\udd11/\u2028", 204, 17, t + 3],
    ["info", "g", "GET", "/", 200, 1, t + 3],
    ["info", "h", "POST", "/", 302, Number.MAX_SAFE_INTEGER, t + 4],
    ["info", "i", "GET", "/", 200, -3, t + 4],
    ["info", "j", "GET", "/", 200, 1.5, t + 4],
    ["info", "k", "GET", "/", 200, Number.NaN, t + 5],
    ["info", "l", "GET", "/", 200, -Number.MAX_VALUE, t + 5],
    ["info", "m", "GET", `/${"x".repeat(200)}\u2026`, 200, 2, t + 6],
  ];

  it("are requestLine's text as UTF-8, line after line in one buffer", () => {
    const bytes = requestLineBytes();
    const buffer = Buffer.alloc(64 * 1024);
    let at = 0;
    let expected = "";
    for (const [level, id, method, path, status, responseTime, time] of requests) {
      const most = bytes.prepare(level, id, method, path, status, time!);
      const end = bytes.write(buffer, at, id, responseTime);
      const line = requestLine(level, id, method, path, status, responseTime, time);
      expect(buffer.subarray(at, end).toString()).toBe(line);
      expect(end - at).toBeLessThanOrEqual(most);
      at = end;
      expected += line;
    }
    expect(buffer.subarray(0, at).toString()).toBe(expected);
  });
});

describe("batched lines", () => {
  function recording() {
    const calls: string[] = [];
    return {
      calls,
      inner: {
        write: (chunk: Buffer) => calls.push(`write ${chunk.toString()}`),
        flush: (callback?: () => void) => {
          calls.push("flush");
          callback?.();
        },
        flushSync: () => calls.push("flushSync"),
      },
    };
  }

  it("hands lines on in buffers of at most the batch size, in order, a longer line alone", () => {
    const { calls, inner } = recording();
    const lines = batchedLines(inner, 12);
    for (const line of [
      "aaaa\n",
      "bbbb\n",
      "cc\n",
      "dddddddddddddd\n",
      "\u00e9\u00e9\u00e9\u00e9\u00e9\n",
      "f\n",
    ]) {
      lines.write(line);
    }
    lines.flushSync();
    expect(calls).toEqual([
      "write aaaa\nbbbb\n",
      "write cc\n",
      "write dddddddddddddd\n",
      "write \u00e9\u00e9\u00e9\u00e9\u00e9\n",
      "write f\n",
      "flushSync",
    ]);
  });

  it("passes on what it holds before a flush, with its callback, and before a sync flush", () => {
    const { calls, inner } = recording();
    const lines = batchedLines(inner, 4096);
    lines.write("one\n");
    let flushed = false;
    lines.flush(() => (flushed = true));
    lines.write("two\n");
    lines.flushSync();
    expect(flushed).toBe(true);
    expect(calls).toEqual(["write one\n", "flush", "write two\n", "flushSync"]);
  });

  it("fills a buffer again once the destination reports it written out, never before", () => {
    const given: Buffer[] = [];
    // What each buffer held when it was handed on (a reused buffer holds later lines after).
    const texts: string[] = [];
    let report: (n: number) => void = () => undefined;
    const lines = batchedLines(
      {
        write: (chunk) => given.push(chunk) + texts.push(String(chunk)),
        flush: () => undefined,
        flushSync: () => undefined,
        on: (_event, listener) => (report = listener),
      },
      8,
    );
    for (const line of ["aaaa\n", "bbbb\n", "cccc\n", "dddd\n"]) lines.write(line);
    expect(texts).toEqual(["aaaa\n", "bbbb\n", "cccc\n"]);
    // Small buffers share Node's pool: a buffer is its memory and its offset in it.
    const place = (buffer: Buffer) => [buffer.buffer, buffer.byteOffset];
    const first = place(given[0]!);
    // Written out in part: nothing is reused yet.
    report(3);
    lines.write("eeee\n");
    expect(place(given[3]!)).not.toEqual(first);
    expect(texts).toEqual(["aaaa\n", "bbbb\n", "cccc\n", "dddd\n"]);
    // The first buffer's last byte is out: the batch after the one being filled goes into it.
    report(2);
    lines.write("ffff\n");
    lines.write("gggg\n");
    expect(place(given[5]!)).toEqual(first);
    expect(texts).toEqual(["aaaa\n", "bbbb\n", "cccc\n", "dddd\n", "eeee\n", "ffff\n"]);
  });

  it("writes request lines and other lines in the order they come, before a flush or sync flush", () => {
    const { calls, inner } = recording();
    const lines = batchedLines(inner, 4096);
    const t = Date.parse("2026-11-27T20:00:00.000Z");
    const line = (id: string, status: number, ms: number) =>
      requestLine(status < 400 ? "info" : "warn", id, "GET", `/${id}`, status, 3, t + ms);
    lines.request("info", "a", "GET", "/a", 200, 3, t);
    lines.request("warn", "b", "GET", "/b", 404, 3, t + 1);
    lines.request("info", "c", "GET", "/c", 200, 3, t + 2);
    lines.write("other\n");
    lines.request("info", "d", "GET", "/d", 200, 3, t + 3);
    expect(calls).toEqual([]);
    lines.flush();
    lines.request("info", "e", "GET", "/e", 200, 3, t + 4);
    lines.flushSync();
    expect(calls).toEqual([
      `write ${line("a", 200, 0)}${line("b", 404, 1)}${line("c", 200, 2)}other\n${line("d", 200, 3)}`,
      "flush",
      `write ${line("e", 200, 4)}`,
      "flushSync",
    ]);
    // A request line counts as a line for the timer's flush.
    lines.flush();
    lines.flushIfWritten();
    lines.request("info", "f", "GET", "/f", 200, 3, t + 5);
    lines.flushIfWritten();
    expect(calls.slice(4)).toEqual(["flush", `write ${line("f", 200, 5)}`, "flush"]);
  });

  it("hands a batch on before a request line that would not fit, and a longer one alone", () => {
    const { calls, inner } = recording();
    const t = Date.parse("2026-11-27T20:00:00.000Z");
    const one = requestLine("info", "a", "GET", "/", 200, 3, t);
    const lines = batchedLines(inner, one.length + 40);
    lines.request("info", "a", "GET", "/", 200, 3, t);
    lines.request("info", "b", "GET", "/", 200, 3, t);
    const long = `/${"\u00e9".repeat(80)}`;
    lines.request("info", "c", "GET", long, 200, 3, t);
    lines.request("info", "d", "GET", "/", 200, 3, t);
    lines.flushSync();
    expect(calls).toEqual([
      `write ${one}`,
      `write ${requestLine("info", "b", "GET", "/", 200, 3, t)}`,
      `write ${requestLine("info", "c", "GET", long, 200, 3, t)}`,
      `write ${requestLine("info", "d", "GET", "/", 200, 3, t)}`,
      "flushSync",
    ]);
  });

  it("flushes on the timer only when a line came since the last flush", () => {
    const { calls, inner } = recording();
    const lines = batchedLines(inner, 4096);
    lines.flushIfWritten();
    expect(calls).toEqual([]);
    lines.write("line\n");
    lines.flushIfWritten();
    lines.flushIfWritten();
    expect(calls).toEqual(["write line\n", "flush"]);
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
