/**
 * A content page's social card: its own title (without the brand's signature), its summary and
 * a label for the section it belongs to — a post's date, the help center. The page's tags and
 * the card's drawing (app/routes/cards.$.tsx) both ask here, so they cannot tell it differently.
 */
import { getConfig } from "~/config/config.server";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import type { CardText } from "~/social/card.server";
import { drawnCard } from "~/social/card-link.server";
import type { SocialCard } from "~/social/card-tags";
import { siteOrigin } from "~/config/origin.server";
import type { LoadedPage } from "~/upstream/coms.server";
import type { Page } from "~/upstream/coms.schemas";
import { blogOfPost } from "~/content/blog-paging";
import { pageTitle } from "~/content/search-result";

/** The sections whose pages carry their name above the title. */
const SECTION_KICKERS: readonly [RegExp, string][] = [
  [/^\/help(?:\/|$)/, "cards.kicker.help"],
  [/^\/downloads(?:\/|$)/, "cards.kicker.downloads"],
  [/^\/security(?:\/|$)/, "cards.kicker.security"],
  [/^\/blog$/, "cards.kicker.blog"],
];

/** A date of the content service (`2025-04-22`) in the page's language; null when it is none. */
function longDate(date: string | undefined, lang: LangCode): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  const time = Date.parse(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat(getLanguage(lang).iso, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(time);
}

/** What the card of the page at `path` says, from the page's meta and settings. */
export function contentCardText(
  path: string,
  page: Pick<Page, "meta" | "settings">,
  contentLang: LangCode,
): CardText {
  const { brand } = getConfig();
  const t = getT(contentLang);
  const names = [brand.name, brand.providerName];
  const title =
    pageTitle(page.meta.og_title?.trim() || page.meta.title?.trim() || "", names) ||
    t("meta.defaultTitle", { brand: brand.name });
  const description = (page.meta.og_description?.trim() || page.meta.description?.trim()) ?? "";
  let kicker: string | undefined;
  if (blogOfPost(path)) {
    const date = longDate(page.settings.date, contentLang);
    kicker = date ? `${t("cards.kicker.blog")} · ${date}` : t("cards.kicker.blog");
  } else {
    const section = SECTION_KICKERS.find(([pattern]) => pattern.test(path));
    if (section) kicker = t(section[1]);
  }
  return {
    lang: contentLang,
    title,
    ...(description ? { description } : {}),
    ...(kicker ? { kicker } : {}),
  };
}

/** A card the content service names (SPEC §3 `og_image`) wins — unless networks cannot show it. */
function namedCard(page: LoadedPage["page"], origin: string): string | null {
  const src = page.meta.og_image?.src?.trim();
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, `${origin}/`);
  } catch {
    return null;
  }
  // No network shows an SVG card: such a picture stands for no card, and the drawn one is used.
  if (!/^https?:$/.test(url.protocol) || /\.svgz?$/i.test(url.pathname)) return null;
  return url.href;
}

/** The page's social card: the one the content service names, else the drawn one. */
export function contentCard(lang: LangCode, path: string, loaded: LoadedPage): SocialCard {
  const text = contentCardText(path, loaded.page, loaded.contentLang);
  const named = namedCard(loaded.page, siteOrigin());
  return named ? { url: named, alt: text.title } : drawnCard(lang, path, text);
}

/** A blog post's article facts (Open Graph `article:*`); null for every other page. */
export function contentArticle(
  path: string,
  loaded: LoadedPage,
): { publishedTime: string; modifiedTime?: string; author?: string } | null {
  if (!blogOfPost(path)) return null;
  const { settings } = loaded.page;
  const published = settings.date?.trim();
  if (!published) return null;
  const modified = typeof settings["modified"] === "string" ? settings["modified"].trim() : "";
  return {
    publishedTime: published,
    ...(modified ? { modifiedTime: modified } : {}),
    ...(settings.author?.trim() ? { author: settings.author.trim() } : {}),
  };
}
