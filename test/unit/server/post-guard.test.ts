import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGuard, type PostOrigins } from "~/server/request-guards.server";

/** A site behind `postGuard` that answers 200 to every post it lets through. */
async function site(origins: PostOrigins) {
  const app = express();
  app.use(postGuard(origins));
  app.post("*", (_req, res) => {
    res.status(200).send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, close: () => server.close() };
}

/** A form post as a browser sends it, to the site's port with the Host and Origin given. */
function post(port: number, host: string, origin: string | null) {
  return new Promise<number>((resolve, reject) => {
    import("node:http").then(({ request }) => {
      const headers: Record<string, string> = {
        Host: host,
        "Content-Type": "application/x-www-form-urlencoded",
      };
      if (origin) headers.Origin = origin;
      const req = request(
        { port, host: "127.0.0.1", method: "POST", path: "/", headers },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("_form=newsletter");
    }, reject);
  });
}

describe("postGuard in the sandbox without SITE_URL (a container published on another port)", () => {
  let sandbox: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    sandbox = await site({
      siteUrl: "http://localhost:3000",
      sandbox: true,
      ownOriginAllowed: true,
    });
  });
  afterAll(() => sandbox.close());

  it("accepts a post from the origin the browser sent it to", async () => {
    expect(await post(sandbox.port, "localhost:8080", "http://localhost:8080")).toBe(200);
    expect(await post(sandbox.port, "demo.internal:9000", "http://demo.internal:9000")).toBe(200);
  });

  it("still accepts the default origin and its loopback names", async () => {
    expect(await post(sandbox.port, "localhost:8080", "http://localhost:3000")).toBe(200);
    expect(await post(sandbox.port, "localhost:8080", "http://127.0.0.1:3000")).toBe(200);
  });

  it("refuses cross-site posts and posts without an origin", async () => {
    expect(await post(sandbox.port, "localhost:8080", "https://evil.example")).toBe(403);
    expect(await post(sandbox.port, "localhost:8080", "http://localhost:8081")).toBe(403);
    expect(await post(sandbox.port, "localhost:8080", "https://localhost:8080")).toBe(403);
    expect(await post(sandbox.port, "localhost:8080", null)).toBe(403);
  });
});

describe("postGuard with SITE_URL set", () => {
  let configured: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    configured = await site({
      siteUrl: "https://www.keynest.test",
      sandbox: false,
      ownOriginAllowed: false,
    });
  });
  afterAll(() => configured.close());

  it("accepts SITE_URL's origin alone, whatever Host the request names", async () => {
    expect(await post(configured.port, "www.keynest.test", "https://www.keynest.test")).toBe(200);
    expect(await post(configured.port, "evil.example", "http://evil.example")).toBe(403);
    expect(await post(configured.port, "localhost:8080", "http://localhost:8080")).toBe(403);
  });
});

describe("postGuard's bound on a form's body", () => {
  let configured: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    configured = await site({
      siteUrl: "https://www.keynest.test",
      sandbox: false,
      ownOriginAllowed: false,
    });
  });
  afterAll(() => configured.close());

  /**
   * A form post of `bytes` bytes, its length declared or sent in chunks, and its status; with
   * `headOnly` the declared length is all that is sent (0 when no answer came within a second).
   */
  function postOf(bytes: number, sent: "declared" | "chunked", headOnly = false) {
    const body = Buffer.alloc(bytes, "a");
    body.write("_form=");
    return new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const headers: Record<string, string> = {
          Host: "www.keynest.test",
          Origin: "https://www.keynest.test",
          "Content-Type": "application/x-www-form-urlencoded",
          ...(sent === "declared"
            ? { "Content-Length": String(bytes) }
            : { "Transfer-Encoding": "chunked" }),
        };
        const req = request(
          { port: configured.port, host: "127.0.0.1", method: "POST", path: "/", headers },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            if (headOnly) req.destroy();
          },
        );
        // The server may answer and close before it has read all of a refused body.
        req.on("error", () => undefined);
        if (headOnly) {
          req.flushHeaders();
          setTimeout(() => {
            resolve(0);
            req.destroy();
          }, 1000);
        } else if (sent === "declared") {
          req.end(body);
        } else {
          req.write(body.subarray(0, 1024));
          req.end(body.subarray(1024));
        }
      }, reject);
    });
  }

  it("takes a declared body of 65,536 bytes and refuses 65,537 with 413", async () => {
    expect(await postOf(65_536, "declared")).toBe(200);
    expect(await postOf(65_537, "declared")).toBe(413);
  });

  it("refuses a body sent in chunks, whatever its size, with 411 (browsers declare the length)", async () => {
    expect(await postOf(100, "chunked")).toBe(411);
    expect(await postOf(65_537, "chunked")).toBe(411);
  });

  it("refuses a declared length of 65,537 bytes before any of the body comes", async () => {
    expect(await postOf(65_537, "declared", true)).toBe(413);
  });
});
