/**
 * The pricing blocks (plan cards, period switch, comparison table, tiers) and the redeem form:
 * their chunks, with the plan rules, are fetched only by the pages that show them.
 */
import { z } from "zod";
import { serverOnly$ } from "vite-env-only/macros";
import { blockServer, defineBlock, type BlockProps } from "~/blocks/define";
import { buttons, flag, formBlock, html } from "~/blocks/fields";
import { lazyBlock, lazyBlockOf } from "~/blocks/lazy";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import type { FormBlockProps } from "~/forms/content-form";
import type { PricePlan } from "~/upstream/sales.schemas";
import { comparisonColumns, type ComparisonColumn } from "../comparison-view";
import { PLAN_KINDS, TIERS, planErrorText } from "../plans";
import { pricingView, type PricingView } from "../pricing-view";

/**
 * Plans to buy, each named by its purchase id (priced from the provider's price list when the
 * page is rendered) and described by the content: what kind of plan it is, a badge, features.
 */
const pricingPlansSchema = z.object({
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
});

/**
 * Plans compared feature by feature: a column per plan (its name, and its price from the page's
 * price list), rows in groups, each cell included (true), not included (false) or a short value.
 * A row whose cells do not match the plans in number is dropped here, never shown misaligned,
 * and a group left without rows with it.
 */
const planComparisonSchema = z
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
  }));

/**
 * The product tiers (SPEC §1: standard, monodefense, secure duo) side by side, each with its
 * benefit list (the site's own strings), the content's text and buttons.
 */
const planTiersSchema = z.object({
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
});

/** The plans priced for the page's language (no prices when the price list failed). */
export type PricingPlansData = z.output<typeof pricingPlansSchema> & { view: PricingView };
/** The compared plans' names and prices, from the same price list. */
export type PlanComparisonData = z.output<typeof planComparisonSchema> & {
  columns: ComparisonColumn[];
};
export type PlanTiersData = z.output<typeof planTiersSchema>;

type FormBlockData = Omit<FormBlockProps, "first">;
type Prices = Readonly<Record<number, PricePlan>> | null | undefined;
const NO_PRICES = {};

/**
 * What is made of a block's data for a price list and language, once (the prepared data and the
 * cached price list are the same objects until either changes); plans the rules refuse are logged
 * then, not per view.
 */
function perPriceList<D extends object, V>(make: (data: D, prices: Prices, lang: LangCode) => V) {
  const made = new WeakMap<object, WeakMap<D, Map<LangCode, V>>>();
  return (data: D, prices: Prices, lang: LangCode): V => {
    const key = prices ?? NO_PRICES;
    let byData = made.get(key);
    if (!byData) made.set(key, (byData = new WeakMap()));
    let byLang = byData.get(data);
    if (!byLang) byData.set(data, (byLang = new Map()));
    let view = byLang.get(lang);
    if (view === undefined) byLang.set(lang, (view = make(data, prices, lang)));
    return view;
  };
}

const viewOf = perPriceList((data: z.output<typeof pricingPlansSchema>, prices, lang) => {
  const view = pricingView(data.plans, prices ?? null, getLanguage(lang).iso);
  for (const error of view.refused) log.error(`Pricing: ${planErrorText(error)}`);
  return view;
});

const columnsOf = perPriceList((data: z.output<typeof planComparisonSchema>, prices, lang) =>
  comparisonColumns(data.plans, prices ?? null, getLanguage(lang).iso),
);

export const pricingPlansBlock = defineBlock({
  name: "pricing-plans",
  Component: lazyBlock<BlockProps<PricingPlansData>>(
    () => import("./PricingPlans").then((m) => ({ default: m.PricingPlansBlock })),
    "pricing-plans pricing-plans--loading",
  ),
  server: serverOnly$(
    blockServer(pricingPlansSchema, {
      resolve: (data, ctx): PricingPlansData => ({
        ...data,
        view: viewOf(data, ctx.prices, ctx.lang),
      }),
    }),
  ),
});

export const planComparisonBlock = defineBlock({
  name: "plan-comparison",
  Component: lazyBlock<BlockProps<PlanComparisonData>>(
    () => import("./PlanComparison").then((m) => ({ default: m.PlanComparisonBlock })),
    "plan-comparison plan-comparison--loading",
  ),
  server: serverOnly$(
    blockServer(planComparisonSchema, {
      resolve: (data, ctx): PlanComparisonData => ({
        ...data,
        columns: columnsOf(data, ctx.prices, ctx.lang),
      }),
    }),
  ),
});

export const planTiersBlock = defineBlock({
  name: "plan-tiers",
  Component: lazyBlock<BlockProps<PlanTiersData>>(
    () => import("./PricingPlans").then((m) => ({ default: m.PlanTiersBlock })),
    "plan-tiers plan-tiers--loading",
  ),
  server: serverOnly$(blockServer(planTiersSchema)),
});

/** The bonus-code form (its fields are the site's own): a heading and an intro above it. */
export const redeemFormBlock = defineBlock({
  name: "redeem-form",
  Component: lazyBlockOf<BlockProps<FormBlockData>, FormBlockProps>(
    () => import("../RedeemForm").then((m) => ({ default: m.RedeemForm })),
    "content-form content-form--loading",
    ({ data, first }) => ({ ...data, first }),
  ),
  server: serverOnly$(blockServer(formBlock)),
});
