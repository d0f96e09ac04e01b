import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LAZY_IMAGE,
  SourceCache,
  VERTICAL_MAX_HEIGHT,
  boxStyle,
  previewStyle,
  displaySize,
  isVertical,
  loadWithRetry,
  throttle,
} from "~/blocks/images";
import type { ImageDescriptor } from "~/upstream/coms.schemas";

function image(size?: { width: number; height: number }, webp?: string): ImageDescriptor {
  return {
    src: "/demo/x.png",
    description: "",
    ...(webp ? { webp } : {}),
    ...(size ? { size } : {}),
  };
}

describe("displaySize (SPEC §3: webp shows at half natural size)", () => {
  it.each([
    [{ width: 640, height: 480 }, undefined, { width: 640, height: 480 }],
    [{ width: 640, height: 480 }, "/demo/x.webp", { width: 320, height: 240 }],
    [{ width: 641, height: 481 }, "/demo/x.webp", { width: 321, height: 241 }],
    [{ width: 333, height: 99 }, "/demo/x.webp", { width: 167, height: 50 }],
    [{ width: 1, height: 1 }, "/demo/x.webp", { width: 1, height: 1 }],
  ])("shows %j (webp %j) at %j", (size, webp, expected) => {
    expect(displaySize(image(size, webp))).toEqual(expected);
  });

  it("has no size when the descriptor has none", () => {
    expect(displaySize(image(undefined, "/demo/x.webp"))).toBeUndefined();
  });
});

describe("isVertical (SPEC §3: width < height)", () => {
  it.each([
    [{ width: 300, height: 600 }, true],
    [{ width: 600, height: 300 }, false],
    [{ width: 400, height: 400 }, false],
    [undefined, false],
  ])("judges %j vertical: %s", (size, expected) => {
    expect(isVertical(image(size))).toBe(expected);
  });
});

describe("boxStyle (the box an image has before it loads)", () => {
  it.each([
    [{ width: 1200, height: 900 }, { aspectRatio: "1200 / 900" }],
    [{ width: 400, height: 400 }, { aspectRatio: "400 / 400" }],
    [
      { width: 600, height: 1000 },
      { aspectRatio: "600 / 1000", maxWidth: "min(100%, 384px)" },
    ],
    [
      { width: 300, height: 600 },
      { aspectRatio: "300 / 600", maxWidth: "min(100%, 320px)" },
    ],
    [
      { width: 2, height: 3 },
      { aspectRatio: "2 / 3", maxWidth: "min(100%, 427px)" },
    ],
  ])("gives %j the style %j", (size, expected) => {
    expect(boxStyle(size)).toEqual(expected);
  });

  it("keeps a vertical image within the maximum height at its widest", () => {
    const size = { width: 600, height: 1000 };
    const width = Number(/(\d+)px/.exec(boxStyle(size).maxWidth ?? "")?.[1]);
    expect((width * size.height) / size.width).toBeLessThanOrEqual(VERTICAL_MAX_HEIGHT + 1);
    expect(VERTICAL_MAX_HEIGHT).toBe(640);
  });
});

describe("previewStyle (SPEC §3: the preview shown while an image loads)", () => {
  it.each([
    ["/demo/preview.jpg", 'url("/demo/preview.jpg")'],
    ["https://cdn.example/p.webp?w=20", 'url("https://cdn.example/p.webp?w=20")'],
    ["data:image/jpeg;base64,/9j/4AAQSkZJRg==", 'url("data:image/jpeg;base64,/9j/4AAQSkZJRg==")'],
  ])("draws %s", (preview, backgroundImage) => {
    expect(previewStyle(preview)).toEqual({ backgroundImage });
  });

  it.each([
    undefined,
    "",
    'x") , url("https://evil.example/',
    "/a) ; color: red",
    "/a\\",
    "//evil.example/p.jpg",
    "http://cdn.example/p.jpg",
    "javascript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:text/html;base64,PGI+",
  ])("draws nothing for %j", (preview) => {
    expect(previewStyle(preview)).toBeNull();
  });

  it("draws a preview of 4096 characters, nothing for 4097", () => {
    const longest = `/${"a".repeat(4095)}`;
    expect(longest).toHaveLength(4096);
    expect(previewStyle(longest)).toEqual({ backgroundImage: `url("${longest}")` });
    expect(previewStyle(`${longest}a`)).toBeNull();
  });
});

describe("LAZY_IMAGE constants (SPEC §9)", () => {
  it("caches 200 sources, tries 3 times, throttles 200 ms and preloads at 1.3 viewports", () => {
    expect(LAZY_IMAGE).toMatchObject({
      cacheSize: 200,
      attempts: 3,
      throttleMs: 200,
      preloadViewports: 1.3,
    });
  });
});

describe("SourceCache", () => {
  it("keeps at most 200 sources by default, forgetting the oldest", () => {
    const cache = new SourceCache();
    for (let i = 0; i < 250; i += 1) cache.add(`/img/${i}.png`);
    expect(cache.size).toBe(200);
    expect(cache.has("/img/49.png")).toBe(false);
    expect(cache.has("/img/50.png")).toBe(true);
    expect(cache.has("/img/249.png")).toBe(true);
  });

  it("refreshes a source that is added again so it outlives newer ones", () => {
    const cache = new SourceCache(3);
    cache.add("a");
    cache.add("b");
    cache.add("c");
    cache.add("a");
    cache.add("d");
    expect(["a", "b", "c", "d"].filter((s) => cache.has(s))).toEqual(["a", "c", "d"]);
  });

  it("does not grow when the same source is added twice", () => {
    const cache = new SourceCache(3);
    cache.add("a");
    cache.add("a");
    expect(cache.size).toBe(1);
  });
});

describe("throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-08-01T00:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs the first call at once and a burst as one trailing call after 200 ms", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, LAZY_IMAGE.throttleMs);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(20);
      throttled();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it.each([
    [1000, 6],
    [400, 3],
    [199, 2],
  ])(
    "calls at most once per 200 ms when called every 10 ms for %i ms (%i calls)",
    (span, calls) => {
      const fn = vi.fn();
      const throttled = throttle(fn, 200);
      for (let t = 0; t < span; t += 10) {
        throttled();
        vi.advanceTimersByTime(10);
      }
      vi.advanceTimersByTime(1000);
      expect(fn).toHaveBeenCalledTimes(calls);
    },
  );

  it("calls immediately again once 200 ms have passed quietly", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled();
    vi.advanceTimersByTime(250);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

/** An image factory whose images fail until attempt `succeedOn` (never, when beyond the last). */
function imageFactory(succeedOn: number) {
  const sources: string[] = [];
  const create = () => {
    const attempt = sources.length + 1;
    const img = {
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      set src(value: string) {
        sources.push(value);
        queueMicrotask(() => (attempt === succeedOn ? img.onload?.() : img.onerror?.()));
      },
    };
    return img as unknown as HTMLImageElement;
  };
  return { create, sources };
}

describe("loadWithRetry (SPEC §4: up to 3 attempts)", () => {
  it.each([1, 2, 3])("resolves when attempt %i succeeds, without further attempts", async (n) => {
    const { create, sources } = imageFactory(n);
    await expect(loadWithRetry("/demo/a.png", 3, create)).resolves.toBeUndefined();
    expect(sources).toHaveLength(n);
  });

  it("rejects after 3 failures and never makes a 4th attempt", async () => {
    const { create, sources } = imageFactory(4);
    await expect(loadWithRetry("/demo/b.png", LAZY_IMAGE.attempts, create)).rejects.toThrow(
      "/demo/b.png",
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sources).toHaveLength(3);
  });

  it("sets the requested source on every attempt", async () => {
    const { create, sources } = imageFactory(2);
    await loadWithRetry("/demo/c.png", 3, create);
    expect(sources).toEqual(["/demo/c.png", "/demo/c.png"]);
  });
});
