import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "~/http/page-cache.server";

/** A page whose text the test changes, rendered behind the page cache. */
describe("page cache clear", () => {
  const content = { text: "old text", renderMs: 0, renders: 0 };
  let base = "";
  let clear: () => void = () => undefined;
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const pages = pageCache({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
      maxEntryBytes: 100_000,
    });
    clear = pages.clear;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "nonce-for-this-response";
      next();
    });
    app.use(pages.serve, pages.store);
    app.get("/features", (_req, res) => {
      content.renders += 1;
      const text = content.text;
      setTimeout(() => {
        res
          .set({
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, s-maxage=30",
          })
          .send(`<!DOCTYPE html><p>${text}</p>`);
      }, content.renderMs);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = async () => {
    const response = await fetch(`${base}/features`, { headers: { Accept: "text/html" } });
    return { text: await response.text(), cache: response.headers.get("X-Page-Cache") };
  };

  it("replays a stored page until cleared, then renders the new content", async () => {
    content.text = "old text";
    expect((await get()).text).toContain("old text");
    content.text = "new text";
    expect(await get()).toMatchObject({ cache: "hit", text: expect.stringContaining("old text") });
    clear();
    expect(await get()).toMatchObject({ cache: "miss", text: expect.stringContaining("new text") });
  });

  it("does not store a page whose render began before the clear (built from old content)", async () => {
    clear();
    content.text = "before the clear";
    content.renderMs = 200;
    const rendering = get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    clear();
    content.text = "after the clear";
    content.renderMs = 0;
    expect((await rendering).text).toContain("before the clear");
    expect(await get()).toMatchObject({
      cache: "miss",
      text: expect.stringContaining("after the clear"),
    });
  });
});
