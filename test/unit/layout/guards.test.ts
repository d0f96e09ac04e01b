import { describe, expect, it } from "vitest";
import { readCookie } from "~/http/cookies";
import { renderErrorPage } from "~/layout/error-page.server";
import { parseDismissed, serializeDismissed } from "~/layout/dismissals";
import { dismissCookie } from "~/layout/dismissals.server";
import { webVaultHref } from "~/account/vault";
import {
  CHUNK_RELOAD_GUARD_MS,
  isCacheViewerHost,
  isChunkLoadError,
  mayReloadAfterChunkError,
  PROGRESS,
} from "~/layout/progress";
import { layoutFromMatches } from "~/layout/SiteChrome";
import { upstreamFailureInit } from "~/http/upstream-failure";

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

  it("writes the notices in the canonical order and reads them in any order", () => {
    expect(serializeDismissed(["rewards", "cookie"])).toBe("cookie.rewards");
    expect(serializeDismissed(["rewards", "nonLanguage", "cookie", "rewards"])).toBe(
      "cookie.nonLanguage.rewards",
    );
    expect(serializeDismissed([])).toBe("");
    for (const raw of ["rewards.cookie", "cookie.rewards", "rewards.x.cookie.rewards"]) {
      expect(parseDismissed(raw)).toEqual(["cookie", "rewards"]);
    }
    expect(parseDismissed("nonLanguage%2Ecookie")).toEqual(["cookie", "nonLanguage"]);
  });

  it("adds a notice to the cookie in the canonical order", () => {
    expect(dismissCookie(["rewards"], "cookie")).toMatch(
      /^dismissed=cookie\.rewards; Max-Age=\d+; Path=\/;/,
    );
    expect(dismissCookie(["rewards", "cookie"], "nonLanguage")).toMatch(
      /^dismissed=cookie\.nonLanguage\.rewards;/,
    );
  });

  it("reads one cookie from a header", () => {
    expect(readCookie("a=1; dismissed=cookie; lang=de", "dismissed")).toBe("cookie");
    expect(readCookie("xdismissed=1", "dismissed")).toBeNull();
    expect(readCookie(null, "lang")).toBeNull();
  });
});

describe("upstream failures (decision 017)", () => {
  it.each([
    [504, 504, "a timed-out call is a gateway timeout"],
    [502, 503, "an unreachable or garbled service is unavailable"],
    [503, 503, "a service that says it is unavailable (or an open breaker)"],
    [500, 503, "a failing service is unavailable too, not the site's own error"],
    [429, 503, "a service that throttles the site"],
    [401, 500, "a refusal of the site's own request is the site's error"],
    [400, 500, "the same for a bad request"],
  ])("upstream %s → page %s: %s", (upstream, page) => {
    expect(upstreamFailureInit(upstream).status).toBe(page);
  });

  it("asks clients to retry an unavailable upstream, and never lets the answer be stored", () => {
    const unavailable = new Headers(upstreamFailureInit(502).headers);
    expect(unavailable.get("Retry-After")).toBe("30");
    expect(unavailable.get("Cache-Control")).toBe("no-store");
    const timedOut = new Headers(upstreamFailureInit(504).headers);
    expect(timedOut.get("Retry-After")).toBeNull();
    expect(timedOut.get("Cache-Control")).toBe("no-store");
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
