/**
 * A content page's schema.org items, put together from the data the page itself is rendered
 * from: the organization and the web site on the home page, the product with its offers and the
 * billing questions where plans are sold, and a blog post's posting. The page's meta writes each
 * as a `<script type="application/ld+json">` (help breadcrumbs bring their own, in the page).
 */
import type { Thing, WithContext } from "schema-dts";
import { publicBrand } from "~/config/brand.server";
import { planOffers, type PlanList } from "~/commerce/offers-ld.server";
import type { UiText } from "~/commerce/ui-text";
import { operatingSystems } from "~/downloads/operating-systems.server";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { languageLinks } from "~/seo/alternates";
import type { JsonLdObject } from "~/http/json-ld";
import { siteOrigin } from "~/config/origin.server";
import {
  absoluteUrl,
  organizationLd,
  publisherLd,
  softwareApplicationLd,
  webSiteLd,
} from "~/seo/site-ld.server";
import type { Page } from "~/upstream/coms.schemas";
import type { PricePlan } from "~/upstream/sales.schemas";
import { blogPostingLd, postHeader } from "./blog-posting-ld.server";
import { faqBlocks, faqPageLd } from "./faq-ld.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { Block, BlockOf } from "./Blocks";

export interface StructuredDataInput {
  /** The URL's language and the page's path without its prefix. */
  lang: LangCode;
  path: string;
  /** The language the content is written in: English on a fallback page. */
  contentLang: LangCode;
  fallback: boolean;
  /** The page's blocks as it renders them (priced, with their fetched data). */
  blocks: readonly Block[];
  /** The price list the page's pricing blocks were priced with. */
  prices: Readonly<Record<number, PricePlan>> | null | undefined;
  settings: Page["settings"];
  /** The page's social card (its absolute URL). */
  card?: string;
}

/** schema-dts items are plain JSON by construction: strings, numbers, arrays and objects. */
function item<T extends Thing>(value: WithContext<T>): JsonLdObject {
  return value as unknown as JsonLdObject;
}

/** The page's absolute URL as its canonical link gives it (settings.canonical, else itself). */
function pageUrl(origin: string, input: StructuredDataInput): string {
  const setting = input.settings.canonical?.trim();
  if (setting) return absoluteUrl(origin, setting);
  const { lang, path, fallback } = input;
  return languageLinks({ origin, lang, path, fallback, hreflangLocales: [] }).canonical;
}

function pricingBlocks(blocks: readonly Block[]): BlockOf<"pricing-plans">[] {
  return blocks.flatMap((block) => [
    ...(block.name === "pricing-plans" ? [block] : []),
    ...pricingBlocks(block.children),
  ]);
}

/** A pricing block as the offers see it: its plans, their cards, and what names each card. */
function planList(
  block: BlockOf<"pricing-plans">,
  url: string,
  text: (value: string) => string,
): PlanList {
  const { data } = block;
  const periods =
    data.layout === "switch" && data.periods.length > 0
      ? new Map(data.periods.map((period) => [period.id, text(period.label)]))
      : null;
  return {
    items: data.plans,
    view: data.view,
    periods,
    url: data.id ? `${url}#${encodeURIComponent(data.id)}` : url,
  };
}

/** The schema.org items of a content page; none for most pages. */
export function pageStructuredData(input: StructuredDataInput): JsonLdObject[] {
  const origin = siteOrigin();
  const brand = publicBrand();
  const site = { origin, brandName: brand.name };
  const inLanguage = getLanguage(input.contentLang).iso;
  const url = pageUrl(origin, input);
  const items: JsonLdObject[] = [];

  if (input.path === "/") {
    items.push(item(organizationLd({ ...site, sameAs: brand.social.map((link) => link.url) })));
    items.push(item(webSiteLd({ ...site, lang: input.lang, inLanguage })));
  }

  const pricing = pricingBlocks(input.blocks);
  if (pricing.length > 0) {
    const t = getT(input.lang);
    const plain = (value: string) => value.replaceAll(PHRASE_BREAK, "").trim();
    const text = (value: UiText | string) =>
      plain(typeof value === "string" ? value : t(value.key, value.values));
    const offers = planOffers(
      pricing.map((block) => planList(block, url, plain)),
      { prices: input.prices ?? null, text },
    );
    if (offers.length > 0) {
      items.push(
        item(
          softwareApplicationLd({
            ...site,
            lang: input.lang,
            operatingSystems: operatingSystems(),
            offers,
          }),
        ),
      );
      // The questions beside the plans are about buying them: billing, trials, refunds.
      const faq = faqPageLd(faqBlocks(input.blocks), { origin, url, inLanguage });
      if (faq) items.push(item(faq));
    }
  }

  const header = postHeader(input.blocks);
  if (header) {
    items.push(
      item(
        blogPostingLd({
          header,
          settings: input.settings,
          origin,
          url,
          inLanguage,
          publisher: publisherLd(site),
          ...(input.card ? { card: input.card } : {}),
        }),
      ),
    );
  }
  return items;
}
