import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestHandler } from "@remix-run/express";
import { pinToSite, postGuard } from "~/server/request-guards.server";

const SITE_URL = "https://www.keynest.example";

/** What a loader or action saw of its request, as JSON. */
async function echo(request: Request, context: unknown) {
  const headers = Object.fromEntries(request.headers.entries());
  const body = request.method === "POST" ? await request.text() : null;
  return Response.json({ url: request.url, method: request.method, headers, body, context });
}

/** The smallest build Remix serves: a root and one resource route that echoes its request. */
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("document") } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/probe": {
      id: "routes/probe",
      parentId: "root",
      path: "probe",
      module: {
        loader: ({ request, context }: { request: Request; context: unknown }) =>
          echo(request, context),
        action: ({ request, context }: { request: Request; context: unknown }) =>
          echo(request, context),
      },
    },
  },
  assets: { version: "test", url: "/manifest.js", entry: { module: "", imports: [] }, routes: {} },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let port = 0;
let close = () => {};
const budgets: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(postGuard({ siteUrl: SITE_URL, sandbox: false, ownOriginAllowed: false }));
  app.all(
    "*",
    pinToSite(SITE_URL),
    (_req, _res, next) => {
      budgets.push("start");
      next();
    },
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (_req, res) => ({ clientIp: res.locals.clientIp, nonce: "n" }),
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  context: { clientIp: string };
}

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; seen: Seen }>((resolve, reject) => {
    const req = httpRequest({ port, host: "127.0.0.1", method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        try {
          resolve({ status: res.statusCode ?? 0, seen: JSON.parse(text) as Seen });
        } catch {
          reject(new Error(`${res.statusCode}: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the app served through @remix-run/express, pinned to SITE_URL behind the guards", () => {
  it("gives loaders the URL from SITE_URL and the path, whatever Host and X-Forwarded-* say", async () => {
    const { status, seen } = await send("GET", "/probe?plan=family", {
      Host: "evil.example:8443",
      "X-Forwarded-Host": "evil.example:9999",
      "X-Forwarded-Proto": "http",
      "X-Forwarded-For": "198.51.100.1",
      "Accept-Language": "de",
    });
    expect(status).toBe(200);
    expect(new URL(seen.url).origin).toBe(SITE_URL);
    expect(new URL(seen.url).pathname).toBe("/probe");
    expect(new URL(seen.url).searchParams.get("plan")).toBe("family");
    expect(seen.headers.host).toBe("www.keynest.example");
    expect(seen.headers["x-forwarded-host"]).toBeUndefined();
    expect(seen.headers["x-forwarded-for"]).toBeUndefined();
    expect(seen.headers["accept-language"]).toBe("de");
    expect(seen.context.clientIp).toBe("127.0.0.1");
    expect(budgets.length).toBeGreaterThan(0);
  });

  it("gives actions the body as it was sent, byte for byte, and the verified Origin as Host", async () => {
    const body = Buffer.from("_form=newsletter&email=%C3%A9l%C3%A8ve%40example.com");
    const { status, seen } = await send(
      "POST",
      "/probe",
      {
        Host: "evil.example",
        Origin: SITE_URL,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(body.length),
      },
      body,
    );
    expect(status).toBe(200);
    expect(seen.method).toBe("POST");
    expect(seen.body).toBe(body.toString());
    expect(new URLSearchParams(seen.body ?? "").get("email")).toBe("élève@example.com");
    expect(seen.headers.host).toBe("www.keynest.example");
    expect(seen.headers.origin).toBe(SITE_URL);
    expect(new URL(seen.url).origin).toBe(SITE_URL);
  });

  it("refuses a form body that does not declare its length (411), before Remix reads it", async () => {
    const body = Buffer.from(`_form=contact&message=${"x".repeat(20_000)}`);
    const answer = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/probe",
          headers: {
            Origin: SITE_URL,
            "Content-Type": "application/x-www-form-urlencoded",
            "Transfer-Encoding": "chunked",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(answer).toBe(411);
  });
});
