import { describe, expect, it } from "vitest";
import { blogPostingLd, postHeader } from "~/page/blog-posting-ld.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { Block, BlockOf } from "~/page/Blocks";

const ORIGIN = "https://www.keynest.test";
const PUBLISHER = { "@type": "Organization", name: "KeyNest" } as const;

function header(data: Partial<BlockOf<"post-header">["data"]>): BlockOf<"post-header"> {
  return { name: "post-header", data: { title: "A post", ...data }, children: [] };
}

function posting(data: Partial<BlockOf<"post-header">["data"]>, settings = {}) {
  return blogPostingLd({
    header: header(data),
    settings,
    origin: ORIGIN,
    url: `${ORIGIN}/blog/a-post`,
    inLanguage: "en",
    publisher: PUBLISHER,
  });
}

describe("a blog post's BlogPosting", () => {
  it("says what the post's header shows, its picture absolute", () => {
    expect(
      posting({
        title: `Pass${PHRASE_BREAK}keys`,
        date: "2025-04-22",
        author: "Sana Idrissi",
        image: { src: "/demo/blog-5.svg", description: "" },
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Passkeys",
      datePublished: "2025-04-22",
      author: { "@type": "Person", name: "Sana Idrissi" },
      image: `${ORIGIN}/demo/blog-5.svg`,
      inLanguage: "en",
      mainEntityOfPage: `${ORIGIN}/blog/a-post`,
      publisher: PUBLISHER,
    });
  });

  it("adds the post's card as a raster picture, and its modification day when given", () => {
    const card = `${ORIGIN}/cards/en/blog/a-post.png?v=abc`;
    const ld = blogPostingLd({
      header: header({ image: { src: "/demo/blog-5.svg", description: "" } }),
      settings: { modified: "2025-05-01" },
      origin: ORIGIN,
      url: `${ORIGIN}/blog/a-post`,
      inLanguage: "en",
      publisher: PUBLISHER,
      card,
    });
    expect(ld).toMatchObject({
      image: [`${ORIGIN}/demo/blog-5.svg`, card],
      dateModified: "2025-05-01",
    });
  });

  it("takes the post's settings where the header says nothing", () => {
    expect(
      posting(
        {},
        { date: "2025-01-02", author: "Ana", image: { src: "/demo/x.svg", description: "" } },
      ),
    ).toMatchObject({
      datePublished: "2025-01-02",
      author: { name: "Ana" },
      image: `${ORIGIN}/demo/x.svg`,
    });
  });

  it.each(["yesterday", "2025-13-45", "22.04.2025"])(
    "leaves out a date that is none: %s",
    (date) => {
      expect(posting({ date })).not.toHaveProperty("datePublished");
    },
  );

  it("is a post only with a post header first", () => {
    const hero = { name: "hero", data: { title: "x" }, children: [] } as unknown as Block;
    expect(postHeader([header({}), hero])?.name).toBe("post-header");
    expect(postHeader([hero, header({})])).toBeNull();
  });
});
