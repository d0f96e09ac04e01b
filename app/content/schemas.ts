import { z } from "zod";
import { imageSchema } from "~/upstream/coms.schemas";
import { PLAN_KINDS, TIERS } from "~/commerce/plans";
import { DOWNLOAD_TARGETS } from "~/downloads/platforms";
import { BUTTON_TYPES, ICON_NAMES, PLATFORM_TYPES } from "./constants";

export type { IconName } from "./constants";

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
  .transform((v) => v === true || v === "true" || v === "1");

/** A button descriptor exactly as the content service sends it (SPEC §2). */
export const buttonSchema = z.object({
  "btn-text": z.string().default(""),
  "btn-link": z.string().default(""),
  "btn-type": z
    .enum([...BUTTON_TYPES, ...PLATFORM_TYPES])
    .catch("primary")
    .default("primary"),
  isblank: flag.optional(),
  subtitle: z.string().optional(),
  "extension-icon": z.string().optional(),
});
export type ButtonDescriptor = z.infer<typeof buttonSchema>;

const buttons = z.array(buttonSchema).default([]);
const html = z.string().default("");

/** A form block's own text: all optional, the form falls back to its UI strings. */
const formBlock = z.object({ title: z.string().optional(), text: html.optional() });

const iconSchema = z.enum(ICON_NAMES).optional().catch(undefined);

export const blockSchemas = {
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
  "children-list": z.object({
    title: z.string().optional(),
    url: z.string().optional(),
  }),
  /**
   * Plans to buy, each named by its purchase id (priced from the provider's price list when the
   * page is rendered) and described by the content: what kind of plan it is, a badge, features.
   */
  "pricing-plans": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    /**
     * Cards side by side; a table of rows (every period of one plan: a period choice); or a
     * period switch: one row of cards per period, the period chosen with radio buttons (no JS).
     */
    layout: z.enum(["cards", "table", "switch"]).catch("cards").default("cards"),
    /** The switch's periods, in order; each plan names its period by id. */
    periods: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]{1,24}$/),
          label: z.string(),
          /** A short line under the label ("Save up to 40%"). */
          note: z.string().optional(),
          /** The period shown first (else the first one). */
          default: flag.optional(),
        }),
      )
      .max(4)
      .default([]),
    /** Folded under its title (a details element), for plans most buyers do not look for. */
    folded: flag.optional(),
    /** Under the cards: rich text (sanitized as every `text`), e.g. what every plan includes. */
    text: html.optional(),
    plans: z
      .array(
        z.object({
          purchaseId: z.coerce.number().int().positive().optional().catch(undefined),
          purchaseID: z.coerce.number().int().positive().optional().catch(undefined),
          /** The purchase id of the plan's free-trial variant: a "Start free trial" link. */
          trialId: z.coerce.number().int().positive().optional().catch(undefined),
          kind: z.enum(PLAN_KINDS).optional().catch(undefined),
          tier: z.enum(TIERS).optional().catch(undefined),
          trial: flag.optional(),
          members: z.number().int().positive().optional().catch(undefined),
          users: z.number().int().positive().optional().catch(undefined),
          devices: z.number().int().positive().optional().catch(undefined),
          traffic: z
            .union([z.literal("unlimited"), z.literal(1), z.literal(2), z.literal(3)])
            .optional()
            .catch(undefined),
          /** The period (of the block's `periods`) this plan is shown under. */
          period: z.string().optional(),
          title: z.string().optional(),
          /** Who the plan is for, under its name ("For one person"). */
          summary: z.string().optional(),
          badge: z.string().optional(),
          highlight: flag.optional(),
          text: html.optional(),
        }),
      )
      .max(24),
  }),
  /**
   * Plans compared feature by feature: a column per plan (its name, and its price from the page's
   * price list), rows in groups, each cell included (true), not included (false) or a short value.
   * A row whose cells do not match the plans in number is dropped here, never shown misaligned,
   * and a group left without rows with it.
   */
  "plan-comparison": z
    .object({
      id: z.string().optional(),
      title: z.string().optional(),
      subtitle: z.string().optional(),
      plans: z
        .array(
          z.object({
            purchaseId: z.coerce.number().int().positive().optional().catch(undefined),
            title: z.string().min(1).max(60),
          }),
        )
        .min(2)
        .max(6),
      groups: z
        .array(
          z.object({
            title: z.string().max(80),
            rows: z
              .array(
                z.object({
                  label: z.string().min(1).max(120),
                  cells: z.array(z.union([z.boolean(), z.string().max(40)])).max(6),
                }),
              )
              .max(20),
          }),
        )
        .max(10),
    })
    .transform((data) => ({
      ...data,
      groups: data.groups
        .map((group) => ({
          ...group,
          rows: group.rows.filter((row) => row.cells.length === data.plans.length),
        }))
        .filter((group) => group.rows.length > 0),
    })),
  /**
   * The product tiers (SPEC §1: standard, monodefense, secure duo) side by side, each with its
   * benefit list (the site's own strings), the content's text and buttons.
   */
  "plan-tiers": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    tiers: z
      .array(
        z.object({
          tier: z.enum(TIERS),
          text: html.optional(),
          highlight: flag.optional(),
          buttons,
        }),
      )
      .max(TIERS.length),
  }),
  // The visitor forms (their fields are the site's own): a heading and an intro above them.
  "contact-form": formBlock,
  "partner-form": formBlock,
  "redeem-form": formBlock,
  /**
   * The password generator, drawn as its page's hero: a heading, a subtitle beside the tool and a
   * note below it (its options and labels are the site's own).
   */
  "password-generator": formBlock.extend({ subtitle: z.string().optional() }),
  /**
   * Every download target, grouped (the downloads hub): filled from the site's downloads groups
   * when empty; with JS the visitor's own platform is marked (`mine` is that mark's text).
   */
  "download-targets": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    mine: z.string().optional(),
    groups: z
      .array(
        z.object({
          title: z.string(),
          items: z.array(
            z.object({
              label: z.string(),
              to: z.string(),
              icon: z.enum(ICON_NAMES).optional(),
              target: z.enum(DOWNLOAD_TARGETS),
              /** What the app is there, in a line (the site's words when the content has none). */
              summary: z.string().optional(),
              /**
               * How to get it, worked out by the site: its store listing, the provider's current
               * installer (`detail`: file type and version) or, for the web app, the web vault.
               */
              actions: z
                .array(
                  z.object({
                    kind: z.enum(["store", "installer", "web"]),
                    href: z.string(),
                    detail: z.string().optional(),
                  }),
                )
                .optional(),
            }),
          ),
        }),
      )
      .default([]),
  }),
  /**
   * A platform page's release facts and notes: the content gives the requirements (`text`) and
   * the notes of recent versions; the site adds the current installer's facts (version, date,
   * size, SHA-256 checksum) from the provider's download answer, where it has them.
   */
  "release-notes": z.object({
    id: z.string().optional(),
    title: z.string().optional(),
    platform: z.enum(DOWNLOAD_TARGETS),
    text: html,
    notes: z
      .array(z.object({ version: z.string(), date: z.string().optional(), html }))
      .default([]),
    installer: z
      .object({
        version: z.string().optional(),
        released: z.string().optional(),
        size: z.number().int().positive().optional(),
        sha256: z.string().optional(),
        type: z.string().optional(),
      })
      .optional(),
  }),
} as const;

export type BlockName = keyof typeof blockSchemas;
export type BlockData<N extends BlockName> = z.output<(typeof blockSchemas)[N]>;

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blockSchemas, name);
}
