/** The page cache keeps 404s apart from real pages: a flood of made-up paths never evicts a page. */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_AREA, pageCache } from "~/server/page-cache.server";

const REAL = ["/features", "/pricing", "/de/features"];
const HTML = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, s-maxage=30" };

/** A site of REAL pages (every other path a 404) behind a page cache of `maxEntries` pages. */
async function site(maxEntries: number) {
  const pages = pageCache({
    ttlMs: 60_000,
    maxEntries,
    maxBytes: 1_000_000,
    maxEntryBytes: 100_000,
  });
  const app = express();
  app.get("*", (req, res, next) => {
    const found = REAL.includes(req.path);
    const body = `<!DOCTYPE html><p>${found ? `page ${req.path}` : "not found"}</p>`;
    const render = async () => new Response(body, { status: found ? 200 : 404, headers: HTML });
    pages.handle(req, res, render).catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { Accept: "text/html" } });
    return {
      status: response.status,
      cache: response.headers.get("X-Page-Cache"),
      text: await response.text(),
    };
  };
  return { get, close: () => server.close() };
}

// Each test drives the compiled server over HTTP (and waits out short cache windows): longer
// than vitest's 5 s default when the machine is busy, though each answer keeps its own bound.
describe("the page cache's 404 area", { timeout: 20_000 }, () => {
  // Room for exactly the real pages: under the old single area one 404 would evict one.
  let cached: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    cached = await site(REAL.length);
  });
  afterAll(() => cached.close());

  // 600 requests one after the other: seconds on a busy machine, so more than the default timeout.
  it(
    "keeps every real page through far more distinct 404s than the 404 area holds",
    {
      timeout: 30_000,
    },
    async () => {
      for (const path of REAL) expect((await cached.get(path)).cache).toBe("miss");
      const flood = NOT_FOUND_AREA.maxEntries * 3;
      for (let i = 0; i < flood; i += 1) {
        expect((await cached.get(`/junk-${i}`)).status).toBe(404);
      }
      for (const path of REAL) {
        expect(await cached.get(path)).toEqual({
          status: 200,
          cache: "hit",
          text: expect.stringContaining(`page ${path}`),
        });
      }
    },
  );

  it("still answers a recent 404 from memory, and forgets the oldest (the area is bounded)", async () => {
    const last = `/junk-${NOT_FOUND_AREA.maxEntries * 3 - 1}`;
    expect(await cached.get(last)).toMatchObject({ status: 404, cache: "hit" });
    expect(await cached.get("/junk-0")).toMatchObject({ status: 404, cache: "miss" });
  });
});
