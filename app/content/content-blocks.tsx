/** The content's own blocks: text, pictures, grids, quotes, the blog. */
import { serverOnly$ } from "vite-env-only/macros";
import { blockServer, defineBlock, type BlockProps } from "~/blocks/define";
import { lazyBlock } from "~/blocks/lazy";
import { log } from "~/observability/log.server";
import type { PageOfSummaries } from "~/upstream/coms.schemas";
import { getChildrenByUrlPage } from "~/upstream/coms.server";
import type { Comment } from "~/upstream/sales.schemas";
import { getComments } from "~/upstream/sales.server";
import {
  ButtonGroupBlock,
  CtaBlock,
  DownloadButtonsBlock,
  ImageBlock,
  MediaTextBlock,
  RichTextBlock,
} from "./blocks/basic";
import { FaqBlock } from "./blocks/Faq";
import {
  CardsBlock,
  FeatureGridBlock,
  StatsBlock,
  StepsBlock,
  TestimonialsBlock,
} from "./blocks/grids";
import { HeroBlock } from "./blocks/Hero";
import { PostHeaderBlock } from "./blocks/listing";
import { contentBlockSchemas as schemas, type ContentBlockData } from "./schemas";

export const heroBlock = defineBlock({
  name: "hero",
  Component: HeroBlock,
  server: serverOnly$(blockServer(schemas.hero)),
});
export const richTextBlock = defineBlock({
  name: "rich-text",
  Component: RichTextBlock,
  server: serverOnly$(blockServer(schemas["rich-text"])),
});
export const featureGridBlock = defineBlock({
  name: "feature-grid",
  Component: FeatureGridBlock,
  server: serverOnly$(blockServer(schemas["feature-grid"])),
});
export const cardsBlock = defineBlock({
  name: "cards",
  Component: CardsBlock,
  server: serverOnly$(blockServer(schemas.cards)),
});
export const mediaTextBlock = defineBlock({
  name: "media-text",
  Component: MediaTextBlock,
  server: serverOnly$(blockServer(schemas["media-text"])),
});
export const imageBlock = defineBlock({
  name: "image",
  Component: ImageBlock,
  server: serverOnly$(blockServer(schemas.image)),
});
export const buttonGroupBlock = defineBlock({
  name: "button-group",
  Component: ButtonGroupBlock,
  server: serverOnly$(blockServer(schemas["button-group"])),
});
export const faqBlock = defineBlock({
  name: "faq",
  Component: FaqBlock,
  server: serverOnly$(blockServer(schemas.faq)),
});
export const ctaBlock = defineBlock({
  name: "cta",
  Component: CtaBlock,
  server: serverOnly$(blockServer(schemas.cta, { plainText: true })),
});
export const downloadButtonsBlock = defineBlock({
  name: "download-buttons",
  Component: DownloadButtonsBlock,
  server: serverOnly$(blockServer(schemas["download-buttons"], { plainText: true })),
});
export const stepsBlock = defineBlock({
  name: "steps",
  Component: StepsBlock,
  server: serverOnly$(blockServer(schemas.steps)),
});
export const statsBlock = defineBlock({
  name: "stats",
  Component: StatsBlock,
  server: serverOnly$(blockServer(schemas.stats)),
});

type TestimonialItem = ContentBlockData<"testimonials">["items"][number];

/** Testimonials as block items, once per upstream answer. */
const commentItems = new WeakMap<readonly Comment[], TestimonialItem[]>();

function itemsOfComments(comments: readonly Comment[]): TestimonialItem[] {
  let items = commentItems.get(comments);
  if (!items) {
    items = comments.map((comment) => ({
      quote: comment.text,
      author: comment.name,
      ...(comment.rating !== undefined ? { rating: comment.rating } : {}),
    }));
    commentItems.set(comments, items);
  }
  return items;
}

export const testimonialsBlock = defineBlock({
  name: "testimonials",
  Component: TestimonialsBlock,
  server: serverOnly$(
    blockServer(schemas.testimonials, {
      // With `source: "comments"`, the sales service's testimonials after the block's own items:
      // plain text (React escapes it); a failure shows the block's own items.
      async resolve(data, ctx) {
        if (data.source !== "comments") return data;
        const comments = await getComments(ctx.lang).catch((error: unknown) => {
          log.warn("Testimonials could not be loaded", error);
          return null;
        });
        if (!comments) return data;
        return { ...data, items: [...data.items, ...itemsOfComments(comments.comments)] };
      },
    }),
  ),
});

export const postHeaderBlock = defineBlock({
  name: "post-header",
  Component: PostHeaderBlock,
  server: serverOnly$(blockServer(schemas["post-header"])),
});

export type BlogListData = ContentBlockData<"blog-list"> & { posts: PageOfSummaries | null };

/** The blog's index: its chunk (the posts' cards and the pager) is fetched only there. */
export const blogListBlock = defineBlock({
  name: "blog-list",
  Component: lazyBlock<BlockProps<BlogListData>>(() => import("./blocks/BlogList"), "blog-list"),
  server: serverOnly$(
    blockServer(schemas["blog-list"], {
      // The posts of the listing page asked for; unreachable, the list says so.
      async resolve(data, ctx): Promise<BlogListData> {
        const posts = await getChildrenByUrlPage(ctx.lang, ctx.path, ctx.page, data.perPage).catch(
          () => null,
        );
        return { ...data, posts };
      },
    }),
  ),
});
