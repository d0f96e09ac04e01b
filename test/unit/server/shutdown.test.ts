import { Agent, get } from "node:http";
import { fileURLToPath } from "node:url";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsConnections } from "../../support/compiled-site";
import { startCompiledServer, type Started } from "../support/compiled-server";

/** Collects what arrives on a socket until `done` says the answer is complete. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (done(text)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => (done(text) ? resolve(text) : reject(new Error(`closed: ${text}`))));
  });
}

/** The text after an interim `100 Continue` answer, if any. */
function finalAnswer(text: string): string {
  return text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
}

/** Whether `text` holds a whole HTTP/1.1 response: headers and the full body they announce. */
function isComplete(text: string): boolean {
  const answer = finalAnswer(text);
  const end = answer.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = answer.slice(0, end);
  const body = answer.slice(end + 4);
  const length = /^content-length: *(\d+)\r?$/im.exec(head)?.[1];
  if (length !== undefined) return Buffer.byteLength(body, "latin1") >= Number(length);
  if (/^transfer-encoding: *chunked\r?$/im.test(head)) return /(^|\r\n)0\r\n\r\n$/.test(body);
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the server exited, or no code, signal or time when it is still running after `ms`. */
const exitWithin = (server: Started, ms: number) =>
  Promise.race([
    server.exited,
    sleep(ms).then(() => ({ code: null, signal: null, at: Number.NaN })),
  ]);

let started: Started | undefined;
afterEach(() => {
  if (started?.child.exitCode === null) started.child.kill("SIGKILL");
  started = undefined;
});

// Starts a Node process; on a busy machine one may be cut short, so the case may retry.
describe("server shut-down", { retry: 2, timeout: 60_000 }, () => {
  it("on SIGTERM stops accepting, finishes the request in flight and exits 0 within 10 s", async () => {
    started = await startCompiledServer();
    const { port, child } = started;

    // An idle keep-alive connection must not hold the shut-down up.
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => {
        response.resume();
        response.on("end", resolve);
      }).on("error", reject),
    );

    // A form post whose body is still on its way: `Expect: 100-continue` makes the server say when
    // it has read the request line and headers and handed the request to the app.
    const body = "lang=de&to=%2Ffeatures";
    const upload = connect(port, "127.0.0.1");
    await new Promise((resolve) => upload.once("connect", resolve));
    const continued = readUntil(upload, (text) => text.includes("100 Continue"));
    upload.write(
      "POST /action/set-language HTTP/1.1\r\n" +
        `Host: 127.0.0.1:${port}\r\n` +
        `Origin: http://127.0.0.1:${port}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${body.length}\r\n` +
        "Expect: 100-continue\r\n" +
        "\r\n",
    );
    await continued;

    const signalledAt = Date.now();
    expect(child.kill("SIGTERM")).toBe(true);
    await sleep(1_000);

    // Still running for the request in flight, but no longer accepting connections.
    expect(child.exitCode).toBeNull();
    expect(await acceptsConnections(port)).toBe(false);

    // The rest of the upload arrives; the answer must be complete.
    const answer = readUntil(upload, isComplete);
    upload.write(body);
    const response = finalAnswer(await answer);
    expect(response).toMatch(/^HTTP\/1\.1 303 /);
    expect(response).toMatch(/^location: \/de\/features\r$/im);
    expect(response).toMatch(/^set-cookie: lang=de;/im);
    upload.destroy();
    agent.destroy();

    const exit = await exitWithin(started, 10_000);
    const took = exit.at - signalledAt;
    console.log(`exited ${exit.code} ${took} ms after SIGTERM`);
    expect(exit, started.output()).toMatchObject({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    expect(started.output()).toMatch(/"signal":"SIGTERM".*"msg":"closing the server"/);
  });

  it("writes every request's log line before it exits on SIGTERM", async () => {
    started = await startCompiledServer();
    const { port, child } = started;
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const fetchOne = (i: number) =>
      new Promise<number>((resolve, reject) =>
        get(
          {
            host: "127.0.0.1",
            port,
            path: `/features?n=${i}`,
            agent,
            headers: { Accept: "text/html" },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        ).on("error", reject),
      );
    const statuses = await Promise.all(Array.from({ length: 300 }, (_, i) => fetchOne(i)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    agent.destroy();
    // Straight after the last answer: the lines may still be queued in the log's buffer.
    expect(child.kill("SIGTERM")).toBe(true);
    const exit = await exitWithin(started, 10_000);
    expect(exit, started.output()).toMatchObject({ code: 0, signal: null });
    const logged = started
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/features"'));
    expect(logged).toHaveLength(300);
    for (const line of logged) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("on an uncaught exception writes the queued lines and the fatal one, then exits 1", async () => {
    const preload = fileURLToPath(new URL("../../support/throw-on-signal.mjs", import.meta.url));
    started = await startCompiledServer({ NODE_OPTIONS: `--import=${preload}` });
    const { url, child } = started;
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${url}/features?n=${i}`, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    // Straight after the last answer the lines may still wait in the destination's buffer:
    // pino's `fatal` writes it out synchronously, the fatal line last, and the exit hooks write
    // whatever came after.
    expect(child.kill("SIGUSR2")).toBe(true);
    const exit = await exitWithin(started, 10_000);
    expect(exit, started.output()).toMatchObject({ code: 1, signal: null });
    const lines = started
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; level: string; req?: { path: string } });
    const requests = lines.filter(
      (line) => line.msg === "request" && line.req?.path === "/features",
    );
    expect(requests).toHaveLength(20);
    const fatal = lines.find((line) => line.msg === "uncaught exception: exiting");
    expect(fatal, started.output()).toMatchObject({ level: "fatal" });
    expect(JSON.stringify(fatal)).toContain("thrown outside any request, on purpose");
    // The fatal line comes after the requests' lines: nothing was dropped or reordered.
    expect(lines.indexOf(fatal!)).toBeGreaterThan(lines.indexOf(requests.at(-1)!));
  });
});
