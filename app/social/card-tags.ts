import type { MetaDescriptor } from "@remix-run/node";

/** A page's social card as its tags name it: an absolute URL and the text it shows. */
export interface SocialCard {
  url: string;
  alt: string;
  /** Known for the drawn cards (1200×630 PNG); a card the content service names may omit them. */
  width?: number;
  height?: number;
  type?: string;
}

/**
 * The tags networks read a page's picture from: Open Graph's image with its size, type and text
 * (Facebook, LinkedIn, Slack, messengers) and Twitter's large card.
 */
export function cardTags(card: SocialCard): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ property: "og:image", content: card.url }];
  if (card.type) tags.push({ property: "og:image:type", content: card.type });
  if (card.width && card.height) {
    tags.push(
      { property: "og:image:width", content: String(card.width) },
      { property: "og:image:height", content: String(card.height) },
    );
  }
  tags.push(
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: card.url },
    { name: "twitter:image:alt", content: card.alt },
  );
  return tags;
}

/** The sharing tags of a page outside the content service (search, checkout): title and card. */
export function pageCardTags(title: string, card: SocialCard): MetaDescriptor[] {
  return [
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    ...cardTags(card),
  ];
}
