import { describe, expect, it } from "vitest";
import { storableQuery } from "~/page/page-params";

describe("storableQuery", () => {
  it.each([
    ["/features", "", ""],
    ["/features", "?platform=store", "?platform=store"],
    ["/de/features", "?utm_source=news&platform=store", "?platform=store"],
    ["/blog", "?page=2", "?page=2"],
    ["/search", "?q=vault&page=3", "?page=3&q=vault"],
    ["/jp/search", "?q=%E6%97%A5", "?q=%E6%97%A5"],
  ])("keeps %s%s as %j", (path, search, kept) => {
    expect(storableQuery(path, search)).toBe(kept);
  });

  it.each([
    ["/features", "?anything=1"],
    ["/features", "?platform=store&platform=store"],
    ["/features", "?platform=web"],
    ["/blog", "?page=1"],
    ["/features", "?page=2"],
    ["/search", `?q=${"a".repeat(201)}`],
  ])("never lets shared caches keep %s%s", (path, search) => {
    expect(storableQuery(path, search)).toBeNull();
  });
});
