import { describe, expect, it } from "vitest";
import { canonicalPath, isCanonicalPath } from "~/http/canonical-path";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/search", "/search"],
    ["/SEARCH", "/search"],
    ["/Search", "/search"],
    ["/se%61rch", "/search"],
    ["/se%41RCH", "/search"],
    ["/d%65/search", "/de/search"],
    ["/DE/Search/", "/de/search"],
    ["/payment-st%61tus", "/payment-status"],
    ["/%61pi/orbitshield/firewall-download/", "/api/orbitshield/firewall-download/"],
    ["/api//x/", "/api/x/"],
    ["/%61ction/vault", "/action/vault"],
    ["/a/./b/../c/", "/a/c"],
    ["/a/%2e%2E/b", "/b"],
    ["//evil.com/", "/evil.com"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/a%2fb", "/a%2Fb"],
    ["/ru/%d0%b1%D0%9B", "/ru/%D0%B1%D0%BB"],
    ["/ru/бл", "/ru/%D0%B1%D0%BB"],
    ["/a%20b", "/a%20b"],
    ["/a b", "/a%20b"],
    ["/(x)!*'~_.-", "/(x)!*'~_.-"],
    ["/%24%26%2B%2C%3B%3D%3A%40", "/$&+,;=:@"],
    ["/%25", "/%25"],
    ["/a%3Fb%23c", "/a%3Fb%23c"],
    ["/a\\b", "/a%5Cb"],
  ])("reads %j as %j", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
    // One reading is final: the canonical path is its own canonical path.
    expect(isCanonicalPath(canonical)).toBe(true);
  });

  it.each(["/%E0%A4%A", "/%", "/%zz", "/%C0%AF"])("refuses the undecodable %j", (path) => {
    expect(canonicalPath(path)).toBeNull();
  });

  it("reads every spelling of a page as one path", () => {
    const spellings = new Set<string | null>();
    for (let mask = 0; mask < 64; mask++) {
      const path = [..."search"]
        .map((c, i) =>
          mask & (1 << i) ? (i % 2 ? `%${c.charCodeAt(0).toString(16)}` : c.toUpperCase()) : c,
        )
        .join("");
      spellings.add(canonicalPath(`/de/${path}`));
    }
    expect([...spellings]).toEqual(["/de/search"]);
  });
});
