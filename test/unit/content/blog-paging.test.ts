import { describe, expect, it } from "vitest";
import {
  blogOfPost,
  isBlogPage,
  relatedPosts,
  pageExists,
  pageHref,
  pagedMeta,
  parseListPage,
  withPageParam,
} from "~/content/blog-paging";
import { cardTitle } from "~/upstream/card-title";

describe("parseListPage", () => {
  it.each([
    [null, 1],
    ["1", 1],
    ["2", 2],
    ["10000", 10_000],
    ["", null],
    ["0", null],
    ["-1", null],
    ["01", null],
    ["1.5", null],
    ["2e1", null],
    [" 2", null],
    ["abc", null],
    ["10001", null],
    ["99999999999999999999", null],
    ["<script>", null],
  ])("%j → %j", (raw, expected) => {
    expect(parseListPage(raw)).toBe(expected);
  });
});

describe("pageExists", () => {
  it.each([
    [1, 0, true],
    [1, 2, true],
    [2, 2, true],
    [3, 2, false],
    [2, 0, false],
  ])("page %i of %i → %j", (page, pages, expected) => {
    expect(pageExists(page, pages)).toBe(expected);
  });
});

describe("pageHref and withPageParam", () => {
  it.each([
    ["/blog", 1, "/blog"],
    ["/blog", 2, "/blog?page=2"],
    ["/de/blog", 3, "/de/blog?page=3"],
  ])("pageHref(%s, %i) → %s", (path, page, expected) => {
    expect(pageHref(path, page)).toBe(expected);
  });

  it.each([
    ["https://keynest.example/blog", 1, "https://keynest.example/blog"],
    ["https://keynest.example/blog", 2, "https://keynest.example/blog?page=2"],
    ["https://keynest.example/blog?page=5", 2, "https://keynest.example/blog?page=2"],
    ["/blog", 2, "/blog?page=2"],
  ])("withPageParam(%s, %i) → %s", (href, page, expected) => {
    expect(withPageParam(href, page)).toBe(expected);
  });
});

describe("cardTitle", () => {
  it.each([
    [
      "Four myths about public Wi-Fi, debunked | KeyNest Blog",
      "Four myths about public Wi-Fi, debunked",
    ],
    ["Passkeys explained | KeyNest", "Passkeys explained"],
    ["Passkeys explained — KeyNest Blog", "Passkeys explained"],
    ["Passkeys explained | The Blog", "Passkeys explained"],
    ["Wi-Fi myths - part 2", "Wi-Fi myths - part 2"],
    ["A title without suffix", "A title without suffix"],
    ["KeyNest Blog", "KeyNest Blog"],
    ["  Spaced | KeyNest Blog  ", "Spaced"],
    ["Blogging tips | Other brand", "Blogging tips | Other brand"],
  ])("%j → %j", (title, expected) => {
    expect(cardTitle(title, "KeyNest")).toBe(expected);
  });

  it("leaves a brand suffix when no brand is known", () => {
    expect(cardTitle("Passkeys explained | KeyNest")).toBe("Passkeys explained | KeyNest");
  });
});

describe("pagedMeta", () => {
  const tags = [
    { title: "The Blog" },
    { property: "og:title", content: "The Blog" },
    { property: "og:url", content: "https://k.example/blog" },
    { tagName: "link", rel: "canonical", href: "https://k.example/blog" },
  ];
  const title = (t: string) => `${t} — page 2`;

  it("keeps page 1's title and canonical and links to the next page", () => {
    const out = pagedMeta(tags, { page: 1, pages: 2 }, title);
    expect(out.slice(0, 4)).toEqual(tags);
    expect(out.slice(4)).toEqual([
      { tagName: "link", rel: "next", href: "https://k.example/blog?page=2" },
    ]);
  });

  it("gives the last page its own title and canonical, a prev link and no next", () => {
    const out = pagedMeta(tags, { page: 2, pages: 2 }, title);
    expect(out).toEqual([
      { title: "The Blog — page 2" },
      { property: "og:title", content: "The Blog — page 2" },
      { property: "og:url", content: "https://k.example/blog?page=2" },
      { tagName: "link", rel: "canonical", href: "https://k.example/blog?page=2" },
      { tagName: "link", rel: "prev", href: "https://k.example/blog" },
    ]);
  });

  it("links both neighbours from a middle page", () => {
    const out = pagedMeta(tags, { page: 2, pages: 3 }, title);
    expect(out.filter((t) => "rel" in t && (t.rel === "prev" || t.rel === "next"))).toEqual([
      { tagName: "link", rel: "prev", href: "https://k.example/blog" },
      { tagName: "link", rel: "next", href: "https://k.example/blog?page=3" },
    ]);
  });

  it("points the alternates of page n at page n in the other languages", () => {
    const alternates = [
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://k.example/blog" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://k.example/blog" },
    ];
    expect(pagedMeta(alternates, { page: 1, pages: 3 }, title)).toEqual(alternates);
    expect(pagedMeta(alternates, { page: 3, pages: 3 }, title)).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://k.example/blog?page=3" },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://k.example/blog?page=3",
      },
    ]);
  });

  it("adds no links for a single page", () => {
    expect(pagedMeta(tags, { page: 1, pages: 1 }, title)).toEqual(tags);
  });
});

describe("blogOfPost and relatedPosts", () => {
  it.each([
    ["/blog/passkeys", "/blog"],
    ["/blog/passkeys/", "/blog"],
    ["/blog", null],
    ["/blog/a/b", null],
    ["/features", null],
  ])("blogOfPost(%s) → %j", (path, expected) => {
    expect(blogOfPost(path)).toBe(expected);
  });

  it.each([
    ["/blog", true],
    ["/blog/", true],
    ["/blog/passkeys", true],
    ["/blog/passkeys/", true],
    ["/blog/a/b", false],
    ["/blogs", false],
    ["/blog-tips", false],
    ["/features", false],
    ["/", false],
  ])("isBlogPage(%s) → %j", (path, expected) => {
    expect(isBlogPage(path)).toBe(expected);
  });

  const posts = ["/blog/a", "/blog/b", "/blog/c", "/blog/d"].map((url) => ({ url }));
  it.each([
    ["/blog/a", ["/blog/b", "/blog/c", "/blog/d"]],
    ["/blog/c", ["/blog/a", "/blog/b", "/blog/d"]],
    ["/blog/c/", ["/blog/a", "/blog/b", "/blog/d"]],
    ["/blog/x", ["/blog/a", "/blog/b", "/blog/c"]],
  ])("relatedPosts for %s → %j", (path, expected) => {
    expect(relatedPosts(posts, path).map((p) => p.url)).toEqual(expected);
  });
});
