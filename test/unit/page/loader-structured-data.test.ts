/**
 * The schema.org items (JSON-LD) content pages carry, as their loader hands them to the page's
 * meta, against the sandbox's content and prices in several languages: the organization and web
 * site on the home page, the product with an offer per plan and the billing questions on the
 * pricing page, a blog post's posting, a help page's breadcrumbs.
 */
import { existsSync } from "node:fs";
import { headMeta, ldItems, ownUrls } from "../support/head";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import {
  TEST_SITE_URL,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";
import { contentPageLoader, homeLoader } from "../support/routes";
import { formatMoney } from "~/commerce/price";
import type { PlanCardView } from "~/commerce/pricing-view";
import { getConfig } from "~/config/config.server";
import type { ContentPageData } from "~/page/page.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { BlockOf } from "~/page/Blocks";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

const upstream = setupSandboxUpstream();

type Item = Record<string, unknown> & { "@type": string };
type Offer = {
  name: string;
  sku: string;
  price: number;
  priceCurrency: string;
  url: string;
  priceSpecification?: { price: number; priceCurrency: string };
};

async function page(path: string, args: LoaderFunctionArgs = loaderArgs(path)) {
  const loader = /^\/(?:[a-z]{2})?$/.test(path) ? homeLoader : contentPageLoader;
  const { status, data } = await returned(loader(args));
  expect(status).toBe(200);
  return data as ContentPageData;
}

function items(data: ContentPageData): Item[] {
  return ldItems(data.head) as Item[];
}

function ofType(data: ContentPageData, type: string): Item[] {
  return items(data).filter((item) => item["@type"] === type);
}

/** Every one of the site's own URLs in the items is absolute on SITE_URL. */
function expectOnSiteOrigin(data: ContentPageData) {
  const urls = ownUrls(ldItems(data.head));
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url.startsWith(`${TEST_SITE_URL}/`), url).toBe(true);
}

const iso = (lang: LangCode) => getLanguage(lang).iso;
const plain = (text: string) => text.replaceAll(PHRASE_BREAK, "").trim();

function pricingBlocks(data: ContentPageData): BlockOf<"pricing-plans">[] {
  return data.blocks.filter((block): block is BlockOf<"pricing-plans"> => {
    return block.name === "pricing-plans";
  });
}

describe("the home page's organization and web site", () => {
  it.each(["en", "de", "jp", "zh"] as const)("%s", async (lang) => {
    const data = await page(localizePath("/", lang));
    expect(items(data).map((item) => item["@type"])).toEqual(["Organization", "WebSite"]);
    const [organization, site] = items(data);
    const brand = getConfig().brand;
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${TEST_SITE_URL}/#organization`,
      name: brand.name,
      url: `${TEST_SITE_URL}/`,
      logo: `${TEST_SITE_URL}/logo.png`,
      sameAs: brand.social.map((link) => link.url),
    });
    expect(existsSync(new URL("../../../public/logo.png", import.meta.url))).toBe(true);
    const prefix = lang === "en" ? "" : `/${lang}`;
    expect(site).toMatchObject({
      "@type": "WebSite",
      name: brand.name,
      url: `${TEST_SITE_URL}${prefix || "/"}`,
      inLanguage: iso(lang),
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${TEST_SITE_URL}${prefix}/search?q={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    });
    expectOnSiteOrigin(data);
  });
});

describe("the pricing page's product, offers and billing questions", () => {
  it.each(["en", "de", "jp", "zh", "fr"] as const)(
    "%s: an offer per plan shown with a price, at the price shown",
    async (lang) => {
      const data = await page(localizePath("/pricing", lang));
      const [app] = ofType(data, "SoftwareApplication");
      expect(app).toMatchObject({
        "@context": "https://schema.org",
        name: getConfig().brand.name,
        applicationCategory: "SecurityApplication",
        operatingSystem: "Windows, macOS, iOS, Android",
      });
      const offers = app!.offers as Offer[];
      // Every plan the pricing blocks show with a price (the VPN's add-ons aside), once each.
      const cards = new Map<number, { card: PlanCardView; block: BlockOf<"pricing-plans"> }>();
      for (const block of pricingBlocks(data)) {
        for (const card of block.data.view.cards) {
          if (card.planId !== null && !cards.has(card.planId))
            cards.set(card.planId, { card, block });
        }
      }
      expect(offers.map((offer) => Number(offer.sku)).sort()).toEqual([...cards.keys()].sort());
      expect(offers).toHaveLength(20);
      const t = getT(lang);
      for (const offer of offers) {
        const { card, block } = cards.get(Number(offer.sku))!;
        // The price the card states for one purchase: its billing line, or its amount when the
        // amount is the total.
        const money = formatMoney(Math.round(offer.price * 100), iso(lang));
        expect(card.billing?.values?.price, offer.name).toBe(money);
        if (card.price?.basis === "total") {
          expect(`${card.price.main}${card.price.fraction}${card.price.suffix}`).toBe(money);
        }
        expect(offer.priceCurrency).toBe("USD");
        // The name the card shows (its title, else the plan's name in the page's language).
        const shown = card.title ? plain(card.title) : t(card.name!.key, card.name!.values);
        expect(
          offer.name.startsWith(lang === "jp" || lang === "zh" ? `${shown}（` : `${shown}, `),
          offer.name,
        ).toBe(true);
        expect(offer.url).toBe(
          `${TEST_SITE_URL}${localizePath("/pricing", lang)}#${block.data.id}`,
        );
        if (card.billing?.key === "commerce.billing.oneOff") {
          expect(offer).not.toHaveProperty("priceSpecification");
        } else {
          expect(offer.priceSpecification).toMatchObject({
            price: offer.price,
            priceCurrency: "USD",
          });
        }
      }
      expectOnSiteOrigin(data);
    },
  );

  it.each(["en", "de", "jp", "zh"] as const)(
    "%s: the billing questions as the page shows them",
    async (lang) => {
      const data = await page(localizePath("/pricing", lang));
      const faq = data.blocks.find((block): block is BlockOf<"faq"> => block.name === "faq")!;
      const [faqPage] = ofType(data, "FAQPage");
      expect(faqPage).toMatchObject({
        url: `${TEST_SITE_URL}${localizePath("/pricing", lang)}`,
        inLanguage: iso(lang),
      });
      const questions = faqPage!.mainEntity as {
        name: string;
        acceptedAnswer: { text: string };
      }[];
      expect(questions.map((question) => question.name)).toEqual(
        faq.data.items.map((item) => plain(item.question)),
      );
      for (const [i, question] of questions.entries()) {
        // The answer's words are the page's; no attribute but a link's address is kept.
        const words = (html: string) => html.replace(/<[^>]+>/g, "").trim();
        expect(words(question.acceptedAnswer.text)).toBe(words(faq.data.items[i]!.answer));
        expect(question.acceptedAnswer.text).not.toMatch(/ (?!href=)[a-z-]+="/);
      }
    },
  );

  it("names no rating: the page shows single reviews' stars, no overall rating with a count", async () => {
    const data = await page("/pricing");
    const testimonials = data.blocks.find((block) => block.name === "testimonials");
    expect(testimonials).toBeDefined();
    expect(JSON.stringify(ldItems(data.head))).not.toMatch(/"(aggregateRating|review|Rating)"/);
  });

  it("builds its URLs on SITE_URL, never on the request's host or a proxy's word for it", async () => {
    const request = new Request("http://evil.example:8080/de/pricing", {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
    });
    const data = await page("/de/pricing", { request, params: {}, context: {} });
    expect(JSON.stringify(ldItems(data.head))).not.toContain("evil.example");
    expectOnSiteOrigin(data);
  });

  it("offers nothing, and asks nothing, when the price list cannot be had", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/sales/price-list/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const data = await page("/pricing");
    expect(ldItems(data.head)).toEqual([]);
  });
});

describe("pages about plans that show no prices", () => {
  it.each([
    "/family",
    "/de/family",
    "/password-manager-for-teams",
    "/jp/password-manager-for-teams",
  ])("%s has no pricing block, so no offers", async (path) => {
    const data = await page(path);
    expect(pricingBlocks(data)).toEqual([]);
    expect(ofType(data, "SoftwareApplication")).toEqual([]);
  });

  it("/vpn-add-ons sells the VPN's add-ons, not the password manager: no offers of it", async () => {
    const data = await page("/vpn-add-ons");
    expect(pricingBlocks(data).length).toBeGreaterThan(0);
    expect(ldItems(data.head)).toEqual([]);
  });
});

describe("a blog post's posting", () => {
  const POST = "/blog/passkeys-explained";

  it.each([
    ["en", false],
    ["de", true],
    ["zh", true],
  ] as const)("%s (an English fallback: %s)", async (lang, fallback) => {
    const data = await page(localizePath(POST, lang));
    expect(data.fallback).toBe(fallback);
    const header = data.blocks[0] as BlockOf<"post-header">;
    expect(header.name).toBe("post-header");
    expect(items(data)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: plain(header.data.title),
        datePublished: header.data.date,
        author: { "@type": "Person", name: header.data.author },
        // The post's picture, then its social card (a PNG of the card route, in the URL's language).
        image: [`${TEST_SITE_URL}${header.data.image!.src}`, headMeta(data.head, "og:image")],
        // Written in English; canonical to the English post.
        inLanguage: "en",
        mainEntityOfPage: `${TEST_SITE_URL}${POST}`,
        publisher: {
          "@type": "Organization",
          "@id": `${TEST_SITE_URL}/#organization`,
          name: getConfig().brand.name,
          logo: `${TEST_SITE_URL}/logo.png`,
        },
      },
    ]);
  });
});

describe("a help page's breadcrumbs", () => {
  it.each(["en", "de", "jp", "zh"] as const)(
    "%s: in the page's markup, as before",
    async (lang) => {
      const data = await page(localizePath("/help/manuals/how-to-install", lang));
      const scripts = [
        ...(data.html ?? "").matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
      ];
      expect(scripts).toHaveLength(1);
      const trail = JSON.parse(scripts[0]![1]!) as {
        "@type": string;
        itemListElement: { item: string }[];
      };
      expect(trail["@type"]).toBe("BreadcrumbList");
      const prefix = lang === "en" ? "" : `/${lang}`;
      expect(trail.itemListElement.map((crumb) => crumb.item)).toEqual([
        `${TEST_SITE_URL}${prefix || "/"}`,
        `${TEST_SITE_URL}${prefix}/help`,
        `${TEST_SITE_URL}${prefix}/help/manuals`,
        `${TEST_SITE_URL}${prefix}/help/manuals/how-to-install`,
      ]);
      // Nothing else: a help page carries no other item.
      expect(ldItems(data.head)).toEqual([]);
    },
  );
});
