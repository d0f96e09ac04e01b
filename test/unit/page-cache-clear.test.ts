import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "~/server/page-cache.server";

interface Content {
  text: string;
  renderMs: number;
  renders: number;
  /** The render fails (503, not storable). */
  fail?: boolean;
}

/** `path` rendered from `content` behind a page cache of `ttlMs`, on a port of its own. */
async function cachedPage(ttlMs: number, path: string, content: Content) {
  const pages = pageCache({ ttlMs, maxEntries: 10, maxBytes: 1_000_000, maxEntryBytes: 100_000 });
  const app = express();
  const render = () => {
    content.renders += 1;
    const { text, fail } = content;
    return new Promise<Response>((resolve) => {
      setTimeout(() => {
        resolve(
          fail
            ? new Response("<p>unavailable</p>", {
                status: 503,
                headers: { "Content-Type": "text/html", "Cache-Control": "no-store" },
              })
            : new Response(`<!DOCTYPE html><p>${text}</p>`, {
                headers: {
                  "Content-Type": "text/html; charset=utf-8",
                  "Cache-Control": "public, s-maxage=30",
                },
              }),
        );
      }, content.renderMs);
    });
  };
  app.get(path, (req, res, next) => {
    pages.handle(req, res, render).catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    clear: pages.clear,
    close: () => server.close(),
    get: async () => {
      const response = await fetch(`${base}${path}`, { headers: { Accept: "text/html" } });
      return { text: await response.text(), cache: response.headers.get("X-Page-Cache") };
    },
    head: async () => {
      const response = await fetch(`${base}${path}`, {
        method: "HEAD",
        headers: { Accept: "text/html" },
      });
      return response.headers.get("X-Page-Cache");
    },
  };
}

/** A page whose text the test changes, rendered behind the page cache. */
describe("page cache clear", () => {
  const content = { text: "old text", renderMs: 0, renders: 0 };
  let page: Awaited<ReturnType<typeof cachedPage>>;
  beforeAll(async () => {
    page = await cachedPage(60_000, "/features", content);
  });
  afterAll(() => page.close());
  const clear = () => page.clear();
  const get = () => page.get();

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

/** A page past its TTL, asked for by many at once while it renders again. */
describe("page cache expiry", () => {
  const content = { text: "v1", renderMs: 0, renders: 0, fail: false };
  const TTL_MS = 1_000;
  let page: Awaited<ReturnType<typeof cachedPage>>;
  beforeAll(async () => {
    page = await cachedPage(TTL_MS, "/pricing", content);
  });
  afterAll(() => page.close());
  const get = () => page.get();

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("renders an expired page once while the others get the stale copy, then the new one", async () => {
    expect(await get()).toMatchObject({ cache: "miss", text: expect.stringContaining("v1") });
    await wait(TTL_MS + 20);
    content.text = "v2";
    content.renderMs = 400;
    const renders = content.renders;
    const answers = await Promise.all(Array.from({ length: 10 }, get));
    expect(content.renders - renders).toBe(1);
    expect(answers.filter((a) => a.cache === "miss")).toEqual([
      { cache: "miss", text: expect.stringContaining("v2") },
    ]);
    const stale = answers.filter((answer) => answer.cache === "stale");
    expect(stale).toHaveLength(9);
    for (const answer of stale) expect(answer.text).toContain("v1");
    expect(await get()).toMatchObject({ cache: "hit", text: expect.stringContaining("v2") });
  });

  it("keeps the last good page up while a re-render fails, for at most another TTL", async () => {
    content.renderMs = 0;
    content.text = "good";
    await wait(TTL_MS + 20);
    expect(await get()).toMatchObject({ cache: "miss", text: expect.stringContaining("good") });
    await wait(TTL_MS + 20);
    content.fail = true;
    content.renderMs = 50;
    const [failed, stale] = await Promise.all([get(), wait(10).then(get)]);
    expect(failed.text).toContain("unavailable");
    expect(stale).toMatchObject({ cache: "stale", text: expect.stringContaining("good") });
    await wait(TTL_MS);
    expect((await get()).text).toContain("unavailable");
    content.fail = false;
  });
});

/** A page not stored yet, asked for by many at once. */
describe("page cache first render", () => {
  const content = { text: "first", renderMs: 100, renders: 0, fail: false };
  let page: Awaited<ReturnType<typeof cachedPage>>;
  beforeAll(async () => {
    page = await cachedPage(60_000, "/downloads", content);
  });
  afterAll(() => page.close());
  const get = () => page.get();

  it("renders a page not stored yet once while the others wait for it", async () => {
    page.clear();
    const renders = content.renders;
    const answers = await Promise.all(Array.from({ length: 10 }, get));
    expect(content.renders - renders).toBe(1);
    expect(answers.filter((answer) => answer.cache === "miss")).toHaveLength(1);
    expect(answers.filter((answer) => answer.cache === "hit")).toHaveLength(9);
    for (const answer of answers) expect(answer.text).toContain("first");
  });

  it("lets the waiters render for themselves when the first render stores nothing", async () => {
    page.clear();
    content.fail = true;
    const renders = content.renders;
    const answers = await Promise.all(Array.from({ length: 5 }, get));
    // The first render, then one each for the four that waited for it: none waits twice.
    expect(content.renders - renders).toBe(5);
    for (const answer of answers) expect(answer.text).toContain("unavailable");
    content.fail = false;
    expect(await get()).toMatchObject({ cache: "miss", text: expect.stringContaining("first") });
  });

  it("never waits for a HEAD's render, which stores nothing", async () => {
    page.clear();
    const renders = content.renders;
    const head = page.head();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answers = await Promise.all(Array.from({ length: 5 }, get));
    expect(await head).toBe("miss");
    // The HEAD's render and one GET's: the other GETs waited for the GET's, not the HEAD's.
    expect(content.renders - renders).toBe(2);
    expect(answers.filter((answer) => answer.cache === "miss")).toHaveLength(1);
    expect(answers.filter((answer) => answer.cache === "hit")).toHaveLength(4);
  });
});
