import { describe, expect, it } from "vitest";
import { readCookie } from "~/http/cookies";
import { renderErrorPage } from "~/http/error-page.server";
import { parseDismissed, serializeDismissed } from "~/layout/dismissals";
import { webVaultHref } from "~/account/vault";
import {
  CHUNK_RELOAD_GUARD_MS,
  isCacheViewerHost,
  isChunkLoadError,
  mayReloadAfterChunkError,
  PROGRESS,
} from "~/layout/progress";
import { layoutFromMatches } from "~/layout/SiteChrome";
import { upstreamFailureInit } from "~/content/page.server";

describe("progress bar and chunk reload constants", () => {
  it("match SPEC §9", () => {
    expect(PROGRESS).toEqual({ throttleMs: 200, durationMs: 5000 });
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });
});

describe("reloading after a chunk-load failure", () => {
  const now = 1_000_000_000;
  it.each([
    [null, true],
    [now - 60_000, true],
    [now - 59_999, false],
    [now - 1, false],
    [Number.NaN, true],
  ])("last reload %s → may reload: %s", (last, expected) => {
    expect(mayReloadAfterChunkError(last, now)).toBe(expected);
  });

  it.each([
    [new TypeError("Failed to fetch dynamically imported module: /assets/x.js"), true],
    [new Error("Importing a module script failed."), true],
    ["error loading dynamically imported module", true],
    [new Error("Unable to preload CSS for /assets/a.css"), true],
    [new Error("Cannot read properties of undefined"), false],
    [undefined, false],
  ])("recognises %s as a chunk error: %s", (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe("search-engine cache viewers", () => {
  it.each([
    ["webcache.googleusercontent.com", true],
    ["cc.bingj.com", true],
    ["hghltd.yandexwebcache.net", true],
    ["webcache.yandex.ru", true],
    ["www.keynest.example", false],
    ["localhost", false],
    ["googleusercontent.com.evil.example", false],
  ])("%s → %s", (host, expected) => expect(isCacheViewerHost(host)).toBe(expected));
});

describe("layout of a page", () => {
  it.each([
    [[{ data: {} }, { data: { layout: "payment" } }], "payment"],
    [[{ data: {} }, { handle: { layout: "bare" }, data: { layout: "landing" } }], "bare"],
    [[{ data: { layout: "landing" } }, { data: { kind: "search" } }], "landing"],
    [[{ data: {} }, { data: { layout: "unknown" } }], "default"],
    [[], "default"],
  ])("%j → %s", (matches, expected) => {
    expect(layoutFromMatches(matches)).toBe(expected);
  });
});

describe("web vault link", () => {
  it("carries the session id as ?session= when one is known (SPEC §3)", () => {
    expect(webVaultHref("https://vault.test", "abc 1")).toBe("https://vault.test?session=abc%201");
    expect(webVaultHref("https://vault.test", null)).toBe("https://vault.test");
  });
});

describe("dismissed notices cookie", () => {
  it("round-trips known notices and drops unknown ones", () => {
    expect(parseDismissed("cookie.rewards.evil")).toEqual(["cookie", "rewards"]);
    expect(serializeDismissed(["cookie", "cookie", "nonLanguage"])).toBe("cookie.nonLanguage");
    expect(parseDismissed(null)).toEqual([]);
  });

  it("reads one cookie from a header", () => {
    expect(readCookie("a=1; dismissed=cookie; lang=de", "dismissed")).toBe("cookie");
    expect(readCookie("xdismissed=1", "dismissed")).toBeNull();
    expect(readCookie(null, "lang")).toBeNull();
  });
});

describe("upstream failures", () => {
  it.each([
    [504, 503],
    [502, 503],
    [500, 500],
    [401, 500],
  ])("upstream %s → page %s", (upstream, page) => {
    expect(upstreamFailureInit(upstream).status).toBe(page);
  });

  it("asks clients to retry a temporarily unreachable upstream", () => {
    expect(new Headers(upstreamFailureInit(504).headers).get("Retry-After")).toBe("30");
  });
});

describe("the error page outside Remix", () => {
  it("is localized from the URL and shows no details", () => {
    const html = renderErrorPage("/de/%zz");
    expect(html).toContain('lang="de"');
    expect(html).toContain("Hoppla!");
    expect(html).toContain('href="/de"');
  });

  it("falls back to English", () => {
    expect(renderErrorPage("/whatever")).toContain("Ooops! Something went wrong!");
  });
});
