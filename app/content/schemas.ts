import { z } from "zod";
import { buttonSchema, buttons, html, iconSchema, imageSchema } from "~/blocks/fields";
import type { BlockProps } from "~/blocks/define";

/** The schemas of the content's own blocks (text, pictures, grids, quotes, the blog). */
export const contentBlockSchemas = {
  section: z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    background: z.enum(["white", "light", "brand", "dark"]).catch("white").default("white"),
  }),
  hero: z.object({
    id: z.string().optional(),
    badge: z.string().optional(),
    title: z.string(),
    subtitle: z.string().optional(),
    text: html.optional(),
    image: imageSchema.optional(),
    buttons,
    align: z.enum(["left", "center"]).catch("left").default("left"),
  }),
  "rich-text": z.object({ id: z.string().optional(), html }),
  "feature-grid": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .catch(3)
      .default(3),
    items: z.array(
      z.object({
        icon: iconSchema,
        image: imageSchema.optional(),
        title: z.string(),
        text: html,
        button: buttonSchema.optional(),
      }),
    ),
  }),
  cards: z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    items: z.array(
      z.object({
        image: imageSchema.optional(),
        icon: iconSchema,
        title: z.string(),
        text: html,
        button: buttonSchema.optional(),
      }),
    ),
  }),
  "media-text": z.object({
    id: z.string().optional(),
    title: z.string(),
    html,
    image: imageSchema,
    imagePosition: z.enum(["left", "right"]).catch("right").default("right"),
    buttons,
  }),
  image: z.object({ image: imageSchema, caption: z.string().optional() }),
  "button-group": z.object({
    buttons,
    align: z.enum(["left", "center"]).catch("center").default("center"),
  }),
  faq: z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    items: z.array(z.object({ question: z.string(), answer: html })),
  }),
  cta: z.object({
    id: z.string().optional(),
    title: z.string(),
    text: z.string().optional(),
    buttons,
    image: imageSchema.optional(),
  }),
  "download-buttons": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    buttons,
  }),
  steps: z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    items: z.array(z.object({ title: z.string(), html, image: imageSchema.optional() })),
  }),
  stats: z.object({
    id: z.string().optional(),
    items: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  /**
   * Quotes from customers: the block's own items, and with `source: "comments"` the
   * testimonials of `sales/comments/` in the page's language, fetched when the page is rendered.
   */
  testimonials: z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    source: z.enum(["comments"]).optional().catch(undefined),
    items: z
      .array(
        z.object({
          quote: z.string(),
          author: z.string(),
          role: z.string().optional(),
          rating: z.number().min(0).max(5).optional().catch(undefined),
        }),
      )
      .default([]),
  }),
  "post-header": z.object({
    title: z.string(),
    date: z.string().optional(),
    author: z.string().optional(),
    readingTime: z.number().int().positive().optional(),
    image: imageSchema.optional(),
  }),
  "blog-list": z.object({
    title: z.string().optional(),
    perPage: z.number().int().min(1).max(48).catch(9).default(9),
  }),
} as const;

export type ContentBlockName = keyof typeof contentBlockSchemas;
export type ContentBlockData<N extends ContentBlockName> = z.output<
  (typeof contentBlockSchemas)[N]
>;

/** A content block's component props (its data as its schema gives it). */
export type ContentBlockProps<N extends ContentBlockName> = BlockProps<ContentBlockData<N>>;
