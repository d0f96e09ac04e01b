import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/http/redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/", "/"],
    ["/features", "/features"],
    ["/de/help/manuals", "/de/help/manuals"],
    ["/ok?x=1#h", "/ok?x=1#h"],
    ["/search?q=a%20b", "/search?q=a%20b"],
  ])("keeps the same-site path %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/path",
    "/\\evil.com",
    "/\\/evil.com",
    "https://evil.com",
    "http://evil.com/",
    "javascript:alert(1)",
    "evil.com",
    "",
    "/ok\u0000",
    "/\t/evil.com",
    "/ok\r\nSet-Cookie: x=1",
    "/path\\with-backslash",
  ])("rejects %j and answers the fallback", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });

  it.each(["/..//evil.com", "/.//evil.com", "/a/../..//evil.com", "/%2e%2e//evil.com"])(
    "never returns a protocol-relative URL for the dot-segment trick %j",
    (target) => {
      const result = safeRedirectPath(target);
      expect(result, `${target} became ${result}`).not.toMatch(/^\/\//);
      expect(new URL(result, "https://www.keynest.example").origin).toBe(
        "https://www.keynest.example",
      );
    },
  );

  it.each([[42], [null], [undefined], [{ toString: () => "/x" }], [["/x"]]])(
    "answers the fallback for the non-string %j",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/");
    },
  );

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.com", "/de")).toBe("/de");
  });
});
