import { once } from "node:events";
import { request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_OPTIONS } from "~/http/compression.server";
import { htmlGzip } from "~/http/html-gzip.server";
import { HtmlFragment, MIN_FRAGMENT_BYTES, SplicingGzip } from "~/http/splicing-gzip.server";
import { capture } from "~/http/page-body.server";

/** Deterministic text that compresses like a page (words from a small vocabulary). */
function text(seed: number, words: number): string {
  const vocabulary = [
    "vault",
    "пароль",
    "鍵",
    "sync",
    "<p>",
    "</p>",
    "family",
    "team",
    "—",
    "plan",
  ];
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (state * 48271) % 2147483647;
    out.push(vocabulary[state % vocabulary.length]! + (state % 7 === 0 ? String(state % 100) : ""));
  }
  return out.join(" ");
}

const css = new HtmlFragment(`body{margin:0}${text(1, 900)}`);
const header = new HtmlFragment(`<nav>${text(2, 400)}</nav>`);
const footer = new HtmlFragment(`<ul>${text(3, 500)}</ul>`);
const tiny = new HtmlFragment("<b>short</b>");

async function gzipOf(chunks: string[] | Buffer[], fragments: HtmlFragment[]) {
  const gzip = new SplicingGzip(fragments);
  const out: Buffer[] = [];
  for (const chunk of chunks) out.push(await gzip.write(Buffer.from(chunk)));
  out.push(gzip.end());
  gzip.close();
  return Buffer.concat(out);
}

const spliced = (gz: Buffer, fragment: HtmlFragment) => gz.includes(fragment.deflated);

describe("SplicingGzip", () => {
  const page = [
    `<!DOCTYPE html><html><head><style>${css.text}</style></head><body>`,
    `<header>${header.text}</header><main>${text(4, 3000)}</main>`,
    `<footer>${footer.text}</footer><script>${text(5, 1500)}</script></body></html>`,
  ].join("");

  it("writes the page's own bytes, with each fragment's blocks copied in", async () => {
    const gz = await gzipOf([page], [css, header, footer]);
    expect(gunzipSync(gz).toString()).toBe(page);
    for (const fragment of [css, header, footer]) expect(spliced(gz, fragment)).toBe(true);
  });

  it("is correct wherever the chunks are cut, fragments cut in two are compressed instead", async () => {
    const bytes = Buffer.from(page);
    for (const cuts of [[1], [100, 40_000], [bytes.indexOf(header.raw) + 10], [5000, 5001, 5002]]) {
      const chunks: Buffer[] = [];
      let from = 0;
      for (const at of cuts) {
        chunks.push(bytes.subarray(from, at));
        from = at;
      }
      chunks.push(bytes.subarray(from));
      const gz = await gzipOf(chunks, [css, header, footer]);
      expect(gunzipSync(gz).equals(bytes)).toBe(true);
    }
    const cutHeader = bytes.indexOf(header.raw) + 10;
    const gz = await gzipOf([bytes.subarray(0, cutHeader), bytes.subarray(cutHeader)], [header]);
    expect(spliced(gz, header)).toBe(false);
  });

  it("takes fragments in page order whatever the order they were listed in, once each", async () => {
    const twice = `${page}${footer.text}`;
    const gz = await gzipOf([twice], [footer, header, css]);
    expect(gunzipSync(gz).toString()).toBe(twice);
    expect(spliced(gz, css) && spliced(gz, header) && spliced(gz, footer)).toBe(true);
  });

  it("leaves overlapping, absent and short fragments to the compressor", async () => {
    const inner = new HtmlFragment(header.text.slice(5, 3000));
    const absent = new HtmlFragment(`<aside>${text(9, 400)}</aside>`);
    expect(tiny.raw.length).toBeLessThan(MIN_FRAGMENT_BYTES);
    const withTiny = `${page}${tiny.text}`;
    const gz = await gzipOf([withTiny], [header, inner, absent, tiny]);
    expect(gunzipSync(gz).toString()).toBe(withTiny);
    expect(spliced(gz, header)).toBe(true);
    expect(spliced(gz, inner) || spliced(gz, absent)).toBe(false);
  });

  it("reads fragments added between chunks (a render lists them as it goes)", async () => {
    const fragments: HtmlFragment[] = [];
    const gzip = new SplicingGzip(fragments);
    const first = await gzip.write(Buffer.from(`<head>${text(6, 200)}</head>`));
    fragments.push(footer);
    const second = await gzip.write(Buffer.from(`<body>${footer.text}</body>`));
    const gz = Buffer.concat([first, second, gzip.end()]);
    gzip.close();
    expect(gunzipSync(gz).toString()).toBe(
      `<head>${text(6, 200)}</head><body>${footer.text}</body>`,
    );
    expect(spliced(gz, footer)).toBe(true);
  });

  it("makes a valid stream of nothing, of empty chunks and of one fragment alone", async () => {
    expect(gunzipSync(await gzipOf([], [])).length).toBe(0);
    expect(gunzipSync(await gzipOf(["", "", ""], [css])).length).toBe(0);
    expect(gunzipSync(await gzipOf([css.text], [css])).toString()).toBe(css.text);
  });

  it("costs few bytes over one stream for the whole page", async () => {
    const whole = (await gzipOf([page], [])).length;
    const withFragments = (await gzipOf([page], [css, header, footer])).length;
    // Runs after a fragment are compressed with the bytes before them as the dictionary.
    expect(withFragments).toBeLessThan(whole * 1.08);
  });
});

describe("htmlGzip middleware", () => {
  const bigPage = `<!DOCTYPE html><html><head><style>${css.text}</style></head><body>${text(7, 2000)}<footer>${footer.text}</footer></body></html>`;
  const captured: Record<string, string> = {};
  let base = "";
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.use(compression(COMPRESSION_OPTIONS));
    app.use(htmlGzip());
    // The page cache's capture, mounted after: it sees the page, not its gzip.
    app.use((req, res, next) => {
      capture(res, (body) => (captured[req.path] = body?.toString() ?? "(none)"));
      next();
    });
    app.get("/streamed", (_req, res) => {
      res.locals.htmlFragments.push(css, footer);
      res.status(200).type("html");
      const bytes = Buffer.from(bigPage);
      const half = bytes.indexOf(footer.raw) - 100;
      res.write(bytes.subarray(0, half));
      (res as unknown as { flush(): void }).flush();
      setTimeout(() => {
        res.write(bytes.subarray(half));
        (res as unknown as { flush(): void }).flush();
        res.end();
      }, 5);
    });
    app.get("/sent", (_req, res) => void res.type("html").send(bigPage));
    app.get("/small", (_req, res) => void res.type("html").send("<p>small</p>"));
    app.get("/json", (_req, res) => void res.json({ text: text(8, 2000) }));
    app.get(
      "/no-transform",
      (_req, res) => void res.type("html").set("Cache-Control", "no-transform").send(bigPage),
    );
    app.get("/not-modified", (_req, res) => void res.status(304).end());
    const server = app.listen(0);
    await once(server, "listening");
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const get = (path: string, headers: Record<string, string>, method = "GET") =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${base}${path}`, { headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );

  it("gzips a streamed page with its fragments spliced, and the capture sees the page", async () => {
    const res = await get("/streamed", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(res.body).toString()).toBe(bigPage);
    expect(res.body.includes(css.deflated)).toBe(true);
    expect(captured["/streamed"]).toBe(bigPage);
  });

  it("gzips a page sent whole, dropping its Content-Length", async () => {
    const res = await get("/sent", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(res.body).toString()).toBe(bigPage);
    expect(captured["/sent"]).toBe(bigPage);
  });

  it("leaves to the compression middleware what is not a page to gzip here", async () => {
    const brotli = await get("/sent", { "Accept-Encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(bigPage);
    const refused = await get("/sent", { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(bigPage);
    const json = await get("/json", { "Accept-Encoding": "gzip" });
    expect(json.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(json.body).toString()).text).toBe(text(8, 2000));
    const small = await get("/small", { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe("12");
    const kept = await get("/no-transform", { "Accept-Encoding": "gzip" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(bigPage);
    const head = await get("/sent", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
    const notModified = await get("/not-modified", { "Accept-Encoding": "gzip" });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
  });

  it("survives a visitor who leaves mid-page", async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${base}/streamed`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => undefined);
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const res = await get("/streamed", { "Accept-Encoding": "gzip" });
    expect(gunzipSync(res.body).toString()).toBe(bigPage);
  });
});
