import { describe, expect, it } from "vitest";
import { AFTER_PAINT_SCRIPT, startAfterPaint } from "./after-paint";
import { markForAfterPaint } from "./after-paint.server";

describe("the server writes Remix's hydration elements inert", () => {
  it.each([
    [
      "a module preload",
      '<link rel="modulepreload" href="/assets/shared-abc.js"/>',
      '<link rel="modulepreload" media="not all" data-after-paint="" href="/assets/shared-abc.js"/>',
    ],
    [
      "the module script",
      '<script type="module" async="">import("/assets/entry.client.js");</script>',
      '<script type="text/x-after-paint" data-after-paint="">import("/assets/entry.client.js");</script>',
    ],
    [
      "every preload of a page",
      '<link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>',
      '<link rel="modulepreload" media="not all" data-after-paint="" href="/a.js"/><link rel="modulepreload" media="not all" data-after-paint="" href="/b.js"/>',
    ],
  ])("%s", (_, html, inert) => {
    expect(markForAfterPaint(Buffer.from(html)).toString()).toBe(inert);
  });

  it.each([
    ["the context script", "<script>window.__remixContext = {};</script>"],
    ["a font preload", '<link rel="preload" href="/assets/inter.woff2" as="font"/>'],
    ["a stylesheet", '<link rel="stylesheet" href="/assets/app.css"/>'],
    [
      "text that names the tag",
      "<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;x&quot;/&gt;</p>",
    ],
  ])("leaves %s alone", (_, html) => {
    expect(markForAfterPaint(Buffer.from(html)).toString()).toBe(html);
  });
});

/** A document with the three kinds of marked elements and what the browser does to them. */
function fakePage({
  readyState = "loading",
  visibilityState = "visible",
  reportsPaints = false,
} = {}) {
  interface FakeElement {
    localName: string;
    type?: string;
    attributes: Map<string, string>;
    text: string;
    live: boolean;
  }
  const element = (localName: string, attributes: Record<string, string>, text = "") => ({
    localName,
    attributes: new Map(Object.entries(attributes)),
    text,
    live: false,
  });
  const marked = [
    element("link", { rel: "preload", media: "not all", "data-after-paint": "" }),
    element("link", { rel: "modulepreload", media: "not all", "data-after-paint": "" }),
    element(
      "script",
      { type: "text/x-after-paint", "data-after-paint": "" },
      'import("/assets/entry.client.js");',
    ),
  ];
  const inDocument: FakeElement[] = [...marked];
  const wrap = (node: FakeElement): unknown => ({
    get localName() {
      return node.localName;
    },
    set type(value: string) {
      node.attributes.set("type", value);
    },
    getAttribute: (name: string) => node.attributes.get(name) ?? null,
    removeAttribute: (name: string) => node.attributes.delete(name),
    cloneNode: () => wrap({ ...node, attributes: new Map(node.attributes), live: true }),
    replaceWith(other: { node: FakeElement }) {
      inDocument[inDocument.indexOf(node)] = other.node;
    },
    node,
  });
  const listeners: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let queries = 0;
  const doc = {
    readyState,
    visibilityState,
    querySelectorAll: (selector: string) => {
      queries += 1;
      expect(selector).toBe("[data-after-paint]");
      return inDocument.filter((node) => node.attributes.has("data-after-paint")).map(wrap);
    },
    addEventListener: (type: string, listener: () => void) => {
      expect(type).toBe("DOMContentLoaded");
      listeners.push(listener);
    },
  };
  type PaintCallback = (
    list: { getEntriesByName: (name: string) => unknown[] },
    observer: { disconnect: () => void },
  ) => void;
  const observers: { callback: PaintCallback; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["element", "paint"];
    private readonly entry: { callback: PaintCallback; connected: boolean };
    constructor(callback: PaintCallback) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    ...(reportsPaints ? { PerformanceObserver: FakeObserver } : {}),
  };
  const painted = (name: string) => {
    for (const observer of observers.filter((entry) => entry.connected)) {
      observer.callback(
        { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
        { disconnect: () => (observer.connected = false) },
      );
    }
  };
  return {
    start: () => startAfterPaint(doc as unknown as Document, win as unknown as Window, NAMES),
    parsed: () => listeners.splice(0).forEach((listener) => listener()),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    painted,
    timersAfter: (ms: number) =>
      timers
        .filter((timer) => timer.ms === ms)
        .splice(0)
        .forEach((timer) => timer.run()),
    live: () => inDocument.filter((node) => node.live),
    queries: () => queries,
    inDocument,
  };
}

const NAMES = { attribute: "data-after-paint", media: "not all" };

describe("the browser brings them to life after the first paint", () => {
  it("waits for the document to be parsed and a frame to be painted", () => {
    const page = fakePage();
    page.start();
    expect(page.live()).toEqual([]);
    page.parsed();
    expect(page.live()).toEqual([]);
    page.frame();
    expect(page.live()).toEqual([]);
    page.timersAfter(0);
    expect(page.live()).toHaveLength(3);
  });

  it("waits for the first contentful paint where the browser reports paints", () => {
    const page = fakePage({ reportsPaints: true });
    page.start();
    page.parsed();
    page.frame();
    page.timersAfter(0);
    page.painted("first-paint");
    expect(page.live()).toEqual([]);
    page.painted("first-contentful-paint");
    expect(page.live()).toHaveLength(3);
  });

  it("replaces each element in place by a live copy: no media, a module script, the same text", () => {
    const page = fakePage({ readyState: "complete" });
    page.start();
    page.frame();
    page.timersAfter(0);
    const [strings, chunk, script] = page.inDocument;
    expect(strings?.attributes).toEqual(new Map([["rel", "preload"]]));
    expect(chunk?.attributes).toEqual(new Map([["rel", "modulepreload"]]));
    expect(script?.attributes).toEqual(new Map([["type", "module"]]));
    expect(script?.text).toBe('import("/assets/entry.client.js");');
    expect(page.inDocument.every((node) => node.live)).toBe(true);
  });

  it("starts at once in a hidden tab, which paints nothing", () => {
    const page = fakePage({ readyState: "interactive", visibilityState: "hidden" });
    page.start();
    expect(page.live()).toHaveLength(3);
  });

  it("does not wait more than two seconds for a frame", () => {
    const page = fakePage({ readyState: "complete" });
    page.start();
    page.timersAfter(2000);
    expect(page.live()).toHaveLength(3);
  });

  it("brings each element to life once", () => {
    const page = fakePage({ readyState: "complete" });
    page.start();
    page.frame();
    page.timersAfter(0);
    page.timersAfter(2000);
    expect(page.queries()).toBe(1);
  });

  it("is sent as a self-contained call with the names it needs", () => {
    expect(AFTER_PAINT_SCRIPT).toMatch(/^\(.*\)\(document,window,\{.*\}\);$/s);
    expect(AFTER_PAINT_SCRIPT).toContain('"attribute":"data-after-paint"');
    expect(AFTER_PAINT_SCRIPT).not.toContain("</script");
  });
});
