import { beforeEach, describe, expect, it, vi } from "vitest";
import { prepareBlocks, resolveBlockData } from "~/page/prepare.server";

const upstream = vi.hoisted(() => ({
  posts: { items: [{ url: "/blog/a", title: "A" }], page: 1, pages: 1 } as unknown,
  children: [{ url: "/help/a", title: "A" }] as unknown,
  fail: false,
}));

vi.mock("~/upstream/coms.server", () => ({
  getChildrenByUrlPage: vi.fn(async () => {
    if (upstream.fail) throw new Error("down");
    return upstream.posts;
  }),
  getChildren: vi.fn(async () => upstream.children),
}));

const ctx = { lang: "en" as const, path: "/blog", page: 1 };
const log = { warn: vi.fn() };

describe("resolveBlockData", () => {
  beforeEach(() => {
    upstream.fail = false;
  });

  it("gives back the prepared blocks themselves when none lists other pages", async () => {
    const blocks = prepareBlocks([{ name: "rich-text", data: { html: "<p>x</p>" } }], log);
    expect(await resolveBlockData(blocks, ctx)).toBe(blocks);
  });

  it("resolves each block by its descriptor, leaving the prepared blocks and plain ones as they are", async () => {
    const blocks = prepareBlocks(
      [
        { name: "rich-text", data: { html: "<p>x</p>" } },
        { name: "section", data: {}, components: [{ name: "blog-list", data: {} }] },
        { name: "children-list", data: {} },
      ],
      log,
    );
    const first = await resolveBlockData(blocks, ctx);
    expect(first).not.toBe(blocks);
    expect(first[0]).toBe(blocks[0]);
    expect(first[1]?.children[0]?.data).toMatchObject({ posts: upstream.posts });
    expect(first[2]?.data).toMatchObject({ children: upstream.children });
    expect(blocks[1]?.children[0]?.data).not.toHaveProperty("posts");

    upstream.posts = { items: [{ url: "/blog/b", title: "B" }], page: 1, pages: 1 };
    const second = await resolveBlockData(blocks, ctx);
    expect(second[1]?.children[0]?.data).toMatchObject({ posts: upstream.posts });
    expect(second[2]?.data).toEqual(first[2]?.data);
  });

  it("gives a list without data blocks back as it is", async () => {
    const blocks = prepareBlocks(
      [{ name: "section", data: {}, components: [{ name: "rich-text", data: { html: "x" } }] }],
      log,
    );
    expect(await resolveBlockData(blocks, ctx)).toBe(blocks);
  });

  it("keeps a failed listing empty, as before", async () => {
    const blocks = prepareBlocks([{ name: "blog-list", data: {} }], log);
    upstream.fail = true;
    const resolved = await resolveBlockData(blocks, ctx);
    expect(resolved[0]?.data).toMatchObject({ posts: null });
    expect(blocks[0]?.data).not.toHaveProperty("posts");
  });
});
