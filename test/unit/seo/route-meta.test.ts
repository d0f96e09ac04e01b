import { describe, expect, it } from "vitest";
import { errorMeta, metaT, unlistedPageMeta } from "~/seo/route-meta";

const root = {
  id: "root",
  data: {
    lang: "de",
    brand: { name: "KeyNest" },
    messages: {
      errors: { notFoundTitle: "Page not found", genericTitle: "Something went wrong" },
      greeting: "Hello {{name}}",
    },
  },
};
const page = { id: "page/account", data: null };

describe("metaT", () => {
  it("reads a dotted key and fills its variables", () => {
    expect(metaT(root.data as never)("errors.notFoundTitle")).toBe("Page not found");
    expect(metaT(root.data as never)("greeting", { name: "Ada" })).toBe("Hello Ada");
  });

  it("falls back to the key when the string is missing", () => {
    expect(metaT(root.data as never)("errors.nope")).toBe("errors.nope");
    expect(metaT(undefined)("errors.notFoundTitle")).toBe("errors.notFoundTitle");
  });

  it("makes one translator per root data", () => {
    expect(metaT(root.data as never)).toBe(metaT(root.data as never));
  });
});

describe("errorMeta", () => {
  it("titles a 404 as not found and any other status as an error, never indexed", () => {
    expect(errorMeta([root], 404)).toEqual([
      { title: "Page not found" },
      { name: "robots", content: "noindex" },
    ]);
    expect(errorMeta([root], 503)[0]).toEqual({ title: "Something went wrong" });
  });
});

describe("unlistedPageMeta", () => {
  const meta = unlistedPageMeta("noindex, nofollow");

  it("titles the page with the loader's title and the brand", () => {
    expect(meta({ data: { title: "Your account" }, matches: [root, page] })).toEqual([
      { title: "Your account | KeyNest" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
    expect(
      unlistedPageMeta("noindex, follow")({ data: { title: "Sign in" }, matches: [root] })[1],
    ).toEqual({ name: "robots", content: "noindex, follow" });
  });

  it("gives the error page's meta when the loader failed", () => {
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: null };
    expect(meta({ data: undefined, matches: [root], error: notFound })[0]).toEqual({
      title: "Page not found",
    });
    expect(meta({ data: undefined, matches: [root], error: new Error("boom") })[0]).toEqual({
      title: "Something went wrong",
    });
  });
});
