import type { MetaDescriptor } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { getT } from "~/i18n/i18n.server";
import { LANG_CODES, type LangCode } from "~/i18n/languages";
import { buildMeta } from "~/seo/meta";
import { siteOrigin } from "~/seo/origin.server";
import type { CardText } from "~/social/card.server";
import { drawnCard } from "~/social/card-link.server";

/** The site's own legal pages: their titles and summaries, for the pages and their cards. */
const LEGAL_PAGES: Record<string, { title: string; description: string }> = {
  "/cookies": { title: "cookiePolicy.title", description: "cookiePolicy.description" },
  "/imprint": { title: "imprint.title", description: "imprint.description" },
};

/** What a legal page's social card says; null for any other path. */
export function legalCardText(lang: LangCode, path: string): CardText | null {
  const page = LEGAL_PAGES[path];
  if (!page) return null;
  const t = getT(lang);
  const { brand, company } = getConfig();
  const values = { brand: brand.name, company: company.legalName };
  return { lang, title: t(page.title, values), description: t(page.description, values) };
}

/**
 * A legal page's tags: its title with the brand, its summary, its card, and — written in all
 * nine languages — canonical to itself with every language as an alternate, all from SITE_URL.
 */
export function legalHead(
  lang: LangCode,
  path: string,
  title: string,
  description: string,
): MetaDescriptor[] {
  const brand = getConfig().brand.name;
  const card = legalCardText(lang, path);
  return buildMeta({
    meta: { title: `${title} | ${brand}`, description },
    defaults: { title, description, siteName: brand },
    origin: siteOrigin(),
    lang,
    path,
    hreflangLocales: [...LANG_CODES],
    ...(card ? { card: drawnCard(lang, path, card) } : {}),
  });
}
