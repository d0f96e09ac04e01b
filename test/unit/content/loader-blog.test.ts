import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { loaderArgs, returned, thrown, upstreamUrl, setupSandboxUpstream } from "../support/remix";
import { contentPageLoader } from "../support/routes";
import { blogPaging } from "~/page/page.server";

const upstream = setupSandboxUpstream();

function paramsFor(path: string) {
  const [, first = "", rest = ""] = /^\/([^/?]*)\/?([^?]*)/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.replace(/\?.*$/, "").slice(1) };
}

function load(path: string) {
  return contentPageLoader(loaderArgs(path, { params: paramsFor(path) }));
}

describe("blog list paging", () => {
  it("numbers page 1 of the blog and its pages", async () => {
    const { status, data } = await returned(load("/blog"));
    expect(status).toBe(200);
    expect(data.paging).toEqual({ page: 1, pages: 2 });
  });

  it("loads the last page", async () => {
    const { status, data } = await returned(load("/blog?page=2"));
    expect(status).toBe(200);
    expect(data.paging).toEqual({ page: 2, pages: 2 });
  });

  it("works under a language prefix", async () => {
    const { status, data } = await returned(load("/de/blog?page=2"));
    expect(status).toBe(200);
    expect(data.lang).toBe("de");
    expect(data.paging).toEqual({ page: 2, pages: 2 });
  });

  it.each(["3", "99", "0", "-1", "abc", "1e3", "01", "99999999999999999999", ""])(
    "answers 404 for ?page=%s",
    async (page) => {
      const { status } = await thrown(load(`/blog?page=${encodeURIComponent(page)}`));
      expect(status).toBe(404);
    },
  );

  it("leaves the page parameter of pages without a blog list alone", async () => {
    const { status, data } = await returned(load("/features?page=abc"));
    expect(status).toBe(200);
    expect(data.paging).toBeUndefined();
  });

  it("shows page 1 and 404s other pages when the posts cannot be loaded", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url-pagination/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const first = await returned(load("/blog"));
    expect(first.status).toBe(200);
    expect(first.data.paging).toEqual({ page: 1, pages: 1 });
    const second = await thrown(load("/blog?page=2"));
    expect(second.status).toBe(404);
  });
});

describe("blogPaging", () => {
  const list = (posts: { page: number; pages: number } | null) => [
    {
      name: "section",
      data: {},
      children: [
        {
          name: "blog-list",
          data: { perPage: 9, posts: posts && { items: [], total: 0, ...posts } },
          children: [],
        },
      ],
    },
  ];
  const at = (q: string) => new URL(`https://k.example/blog${q}`);

  it.each([
    ["", { page: 1, pages: 3 }, { page: 1, pages: 3 }],
    ["?page=3", { page: 3, pages: 3 }, { page: 3, pages: 3 }],
    ["?page=4", { page: 4, pages: 3 }, "not-found"],
    ["", { page: 1, pages: 0 }, { page: 1, pages: 1 }],
    ["?page=2", { page: 2, pages: 0 }, "not-found"],
    ["?page=x", { page: 1, pages: 3 }, "not-found"],
    ["", null, { page: 1, pages: 1 }],
    ["?page=2", null, "not-found"],
  ])("%s with %j → %j", (q, posts, expected) => {
    expect(blogPaging(list(posts) as never, at(q))).toEqual(expected);
  });

  it("is null for a page without a blog list", () => {
    expect(blogPaging([], at("?page=x"))).toBeNull();
  });
});

describe("blog post pages", () => {
  it("carry up to three related posts from the blog, never the post itself", async () => {
    const { status, data } = await returned(load("/blog/public-wifi-myths"));
    expect(status).toBe(200);
    expect(data.related).toHaveLength(3);
    expect(data.related?.map((post) => post.url)).not.toContain("/blog/public-wifi-myths");
    expect(upstream.calls("/coms/pages/children-by-url/")).toMatchObject([
      { query: { url: "/blog", lang: "en" } },
    ]);
  });

  it("show the post without related posts when the list cannot be loaded", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, data } = await returned(load("/blog/public-wifi-myths"));
    expect(status).toBe(200);
    expect(data.related).toBeUndefined();
  });

  it("are the only pages with related posts", async () => {
    const { data } = await returned(load("/features"));
    expect(data.related).toBeUndefined();
  });
});
