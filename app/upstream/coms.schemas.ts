import { z } from "zod";

/** A component of a page: a block name, its data, and optional nested components. */
export interface RawComponent {
  name: string;
  data: Record<string, unknown>;
  components?: RawComponent[];
}

const componentSchema: z.ZodType<RawComponent, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    name: z.string(),
    data: z.record(z.unknown()).catch({}),
    components: z.array(componentSchema).optional(),
  }),
);

export const imageSchema = z.object({
  src: z.string().min(1),
  webp: z.string().optional(),
  preview: z.string().optional(),
  description: z.string().optional().default(""),
  size: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
});
export type ImageDescriptor = z.infer<typeof imageSchema>;

const metaSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    keywords: z.string().optional(),
    og_title: z.string().optional(),
    og_description: z.string().optional(),
    og_image: z.object({ src: z.string() }).partial().optional().nullable(),
    twitter_site: z.string().optional(),
    "no-index": z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  })
  .passthrough();
export type PageMeta = z.infer<typeof metaSchema>;

const pricePlanSchema = z.object({
  id: z.number().int(),
  cost: z.number(),
  description: z.string().default(""),
  info: z.object({ type: z.string(), count: z.number() }).partial().default({}),
});
export type PricePlan = z.infer<typeof pricePlanSchema>;

/**
 * A page. `components` is required: an empty list is the service's "no such page" (SPEC §4), but
 * an answer without one is broken and must not be cached as a page that does not exist.
 */
export const pageSchema = z.object({
  components: z.array(componentSchema),
  hreflangLocales: z.array(z.string()).default([]),
  settings: z
    .object({
      canonical: z.string().optional(),
      layout: z.enum(["default", "landing", "payment"]).optional(),
      date: z.string().optional(),
      author: z.string().optional(),
      image: imageSchema.optional(),
    })
    .passthrough()
    .default({}),
  meta: metaSchema.default({}),
  pricingPlans: z.record(pricePlanSchema).optional(),
});
export type Page = z.infer<typeof pageSchema>;

const linkSchema = z.object({
  label: z.string(),
  to: z.string(),
  icon: z.string().optional(),
});
export type NavLink = z.infer<typeof linkSchema>;

export const navItemSchema = z.object({
  label: z.string(),
  to: z.string().optional(),
  submenu: z
    .array(z.object({ title: z.string().optional(), list: z.array(linkSchema) }))
    .optional(),
  isgrid: z.boolean().optional(),
  hasInHeader: z.boolean().optional().default(true),
});
export type NavItem = z.infer<typeof navItemSchema>;

export const DOWNLOAD_GROUPS = ["desktop", "mobile", "extensions", "web"] as const;
export const FOOTER_GROUPS = ["about", "downloads", "products", "help"] as const;

/** Site data; an answer without `navigation` is broken, not a site without menus. */
export const siteSchema = z.object({
  navigation: z.array(navItemSchema),
  downloads: z
    .object({
      label: z.string(),
      groups: z.array(
        z.object({ key: z.enum(DOWNLOAD_GROUPS), title: z.string(), list: z.array(linkSchema) }),
      ),
    })
    .optional(),
  footer: z
    .array(
      z.object({
        key: z.enum(FOOTER_GROUPS),
        title: z.string(),
        list: z.array(linkSchema.extend({ code: z.string().optional() })),
      }),
    )
    .default([]),
  /**
   * Store listings by product slug (this product, `vpn`, `firewall`) and platform (windows, macos,
   * ios, android, chrome, firefox, edge, safari): where store badges lead. Server-side only.
   */
  stores: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type Site = z.infer<typeof siteSchema>;

export const pageSummarySchema = z.object({
  url: z.string(),
  /** The language the page is written in, when the service says (an English stand-in's "en"). */
  lang: z.string().optional(),
  title: z.string(),
  description: z.string().default(""),
  date: z.string().optional(),
  author: z.string().optional(),
  image: imageSchema.optional(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const childrenSchema = z.array(pageSummarySchema);

export const paginationSchema = z.object({
  items: z.array(pageSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
});
export type PageOfSummaries = z.infer<typeof paginationSchema>;

/** A search hit: a page summary with its excerpt. */
const searchHitSchema = pageSummarySchema.extend({ excerpt: z.string().optional() });

export const searchSchema = z.object({
  results: z.array(searchHitSchema),
  total: z.number().int().min(0),
});
export type SearchResults = z.infer<typeof searchSchema>;

/** The older `/coms/pages-search/`: every hit at once, no total. */
export const searchV1Schema = z.array(searchHitSchema);

export const glossarySchema = z.object({
  title: z.string(),
  terms: z.array(z.object({ term: z.string(), definition: z.string() })),
});
export type Glossary = z.infer<typeof glossarySchema>;
