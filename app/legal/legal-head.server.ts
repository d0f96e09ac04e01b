import type { MetaDescriptor } from "@remix-run/node";
import { getConfig } from "~/config/config.server";
import { LANG_CODES, type LangCode } from "~/i18n/languages";
import { buildMeta } from "~/seo/meta";
import { siteOrigin } from "~/config/origin.server";
import type { SocialCard } from "~/social/card-tags";

/**
 * A legal page's tags: its title with the brand, its summary, its card, and — written in all
 * nine languages — canonical to itself with every language as an alternate, all from SITE_URL.
 */
export function legalHead(
  lang: LangCode,
  path: string,
  title: string,
  description: string,
  card: SocialCard,
): MetaDescriptor[] {
  const brand = getConfig().brand.name;
  return buildMeta({
    meta: { title: `${title} | ${brand}`, description },
    defaults: { title, description, siteName: brand },
    origin: siteOrigin(),
    lang,
    path,
    hreflangLocales: [...LANG_CODES],
    card,
  });
}
