/**
 * The social cards of the pages app/page-routes.ts lists with a `card`: the search page, the
 * checkout, sign-in and the legal pages say what their UI strings do. Their loaders name the card
 * and the card route (app/routes/cards.$.tsx) draws it, both from here.
 */
import { getConfig } from "~/config/config.server";
import { getT } from "~/i18n/i18n.server";
import type { LangCode } from "~/i18n/languages";
import { PAGE_ROUTES } from "~/page-routes";
import type { CardText } from "~/social/card.server";
import { drawnCard } from "~/social/card-link.server";
import type { SocialCard } from "~/social/card-tags";

const CARDS = new Map<string, { title: string; description: string }>(
  PAGE_ROUTES.flatMap((route) => (route.card ? [[`/${route.path}`, route.card] as const] : [])),
);

/** What the card of the page at `path` says in `lang`; null for a page with none listed. */
export function pageRouteCardText(lang: LangCode, path: string): CardText | null {
  const card = CARDS.get(path);
  if (!card) return null;
  const t = getT(lang);
  const { brand, company } = getConfig();
  const values = { brand: brand.name, provider: brand.providerName, company: company.legalName };
  return { lang, title: t(card.title, values), description: t(card.description, values) };
}

/** The card of a page app/page-routes.ts lists with one. */
export function pageRouteCard(lang: LangCode, path: string): SocialCard {
  const text = pageRouteCardText(lang, path);
  if (!text) throw new Error(`No card is listed for ${path} in app/page-routes.ts`);
  return drawnCard(lang, path, text);
}
