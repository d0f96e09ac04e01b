import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { siteOrigin } from "~/config/origin.server";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardPath,
  cardVersion,
  type CardBrand,
  type CardText,
} from "./card.server";
import type { SocialCard } from "./card-tags";

/** What every card shares: the brand's name and the site's host, from SITE_URL. */
export function cardBrand(): CardBrand {
  return { name: getConfig().brand.name, host: new URL(siteOrigin()).host };
}

/**
 * The drawn card of the page at `path` in `lang` that says `text`: its URL carries the card's
 * version, so a changed title is a new URL every cache and network fetches afresh.
 */
export function drawnCard(lang: LangCode, path: string, text: CardText): SocialCard {
  const version = cardVersion(text, cardBrand());
  return {
    url: `${siteOrigin()}${cardPath(lang, path)}?v=${version}`,
    alt: text.title,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    type: "image/png",
  };
}
