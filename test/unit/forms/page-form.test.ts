import { describe, expect, it } from "vitest";
import { pageActionUrl } from "~/forms/page-form";

describe("pageActionUrl", () => {
  it.each<[string, string, boolean, string]>([
    ["/features", "", false, "/features#newsletter"],
    ["/de/search", "?q=vault&page=2", false, "/de/search?q=vault&page=2#newsletter"],
    ["/", "", true, "/?index#newsletter"],
    ["/de", "?utm_source=x&q=1", true, "/de?index&q=1#newsletter"],
    ["/de", "?index", true, "/de?index#newsletter"],
    ["/features", "?index=&q=1", false, "/features?q=1#newsletter"],
    [
      "/de/pricing",
      "?utm_source=news&gclid=abc&plan=family",
      false,
      "/de/pricing?plan=family#newsletter",
    ],
  ])("%s %s (index: %s)", (pathname, search, isIndex, expected) => {
    expect(pageActionUrl(pathname, search, isIndex, "newsletter")).toBe(expected);
  });
});
