/** Reading a page's head as its loader builds it (`data.head`: Remix meta descriptors). */
import type { MetaDescriptor } from "@remix-run/node";
import { langFromIso, type LangCode } from "~/i18n/languages";
import type { SocialCard } from "~/social/card-tags";

type Tag = Record<string, unknown>;

/** The document title. */
export function headTitle(head: readonly MetaDescriptor[]): string | undefined {
  const tag = (head as Tag[]).find((t) => typeof t.title === "string");
  return tag?.title as string | undefined;
}

/** The content of a `<meta>` by its property or name. */
export function headMeta(head: readonly MetaDescriptor[], key: string): string | undefined {
  const tag = (head as Tag[]).find((t) => t.property === key || t.name === key);
  return tag?.content as string | undefined;
}

/** The languages the hreflang alternates name (x-default left out), in their order. */
export function hreflangCodes(head: readonly MetaDescriptor[]): LangCode[] {
  return (head as Tag[])
    .filter((t) => t.rel === "alternate" && typeof t.hrefLang === "string")
    .map((t) => t.hrefLang as string)
    .filter((tag) => tag !== "x-default")
    .map((tag) => langFromIso(tag) as LangCode);
}

/** The schema.org items of the page (its `script:ld+json` descriptors). */
export function ldItems(head: readonly MetaDescriptor[]): Record<string, unknown>[] {
  return (head as Tag[])
    .filter((t) => "script:ld+json" in t)
    .map((t) => t["script:ld+json"] as Record<string, unknown>);
}

/** The page's card as its Open Graph tags name it. */
export function headCard(head: readonly MetaDescriptor[]): SocialCard {
  const find = (key: string) => headMeta(head, key);
  return {
    url: find("og:image") ?? "",
    alt: find("og:image:alt") ?? "",
    width: Number(find("og:image:width")),
    height: Number(find("og:image:height")),
    type: find("og:image:type") ?? "",
  };
}

/** The schema.org properties that hold the site's own addresses. */
const OWN_URL_KEYS = new Set([
  "@id",
  "url",
  "logo",
  "image",
  "mainEntityOfPage",
  "urlTemplate",
  "item",
]);

/** Every value of those properties in a schema.org item, at any depth. */
export function ownUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(ownUrls);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    OWN_URL_KEYS.has(key) && typeof inner === "string" ? [inner] : ownUrls(inner),
  );
}
