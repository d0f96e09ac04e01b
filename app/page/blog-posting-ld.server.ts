/**
 * A blog post as a schema.org BlogPosting, from what its header shows (title, date, author,
 * picture) and, where the header leaves one out, the post's settings the blog list shows.
 */
import type { BlogPosting, Organization, WithContext } from "schema-dts";
import type { Page } from "~/upstream/coms.schemas";
import { absoluteWebUrl } from "~/seo/site-ld.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { Block, BlockOf } from "./Blocks";

/** A calendar day, optionally with a time (ISO 8601), as the content writes post dates. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function isoDate(value: string | undefined): string | null {
  const day = value?.trim() ?? "";
  return ISO_DATE.test(day) && !Number.isNaN(Date.parse(day)) ? day : null;
}

/** The post's header: its first block, as the post pages have it. */
export function postHeader(blocks: readonly Block[]): BlockOf<"post-header"> | null {
  const first = blocks[0];
  return first?.name === "post-header" ? first : null;
}

export interface BlogPostingInput {
  header: BlockOf<"post-header">;
  settings: Page["settings"];
  /** The public origin (SITE_URL). */
  origin: string;
  /** The post's own absolute URL (its canonical). */
  url: string;
  inLanguage: string;
  publisher: Organization;
  /** The post's social card (a PNG, app/social): a raster picture of it wherever the post has one. */
  card?: string;
}

/**
 * The post's BlogPosting: headline, publication day, author, picture (absolute), language, the
 * page it is the main thing of, and the publisher. A date that is no ISO date is left out; the
 * modification date is the post's `settings.modified` when the content gives one.
 */
export function blogPostingLd(input: BlogPostingInput): WithContext<BlogPosting> {
  const { header, settings } = input;
  const published = isoDate(header.data.date) ?? isoDate(settings.date);
  const author = (header.data.author ?? settings.author)?.trim();
  const src = header.data.image?.src ?? settings.image?.src;
  const picture = src ? absoluteWebUrl(input.origin, src) : null;
  const images = [picture, input.card].filter((url): url is string => Boolean(url));
  const modified = isoDate(typeof settings["modified"] === "string" ? settings["modified"] : "");
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: header.data.title.replaceAll(PHRASE_BREAK, "").trim(),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    ...(author ? { author: { "@type": "Person", name: author } } : {}),
    ...(images.length > 0 ? { image: images.length === 1 ? images[0] : images } : {}),
    inLanguage: input.inLanguage,
    mainEntityOfPage: input.url,
    publisher: input.publisher,
  };
}
