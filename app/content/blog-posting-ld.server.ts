/**
 * A blog post as a schema.org BlogPosting, from what its header shows (title, date, author,
 * picture) and, where the header leaves one out, the post's settings the blog list shows.
 */
import type { BlogPosting, Organization, WithContext } from "schema-dts";
import type { Page } from "~/upstream/coms.schemas";
import { absoluteWebUrl } from "~/seo/site-ld.server";
import { PHRASE_BREAK } from "./phrase-breaks.server";
import type { Block, BlockOf } from "./types";

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
}

/**
 * The post's BlogPosting: headline, publication day, author, picture (absolute), language, the
 * page it is the main thing of, and the publisher. A date that is no ISO date is left out; so is
 * a modification date, which the content does not give.
 */
export function blogPostingLd(input: BlogPostingInput): WithContext<BlogPosting> {
  const { header, settings } = input;
  const published = isoDate(header.data.date) ?? isoDate(settings.date);
  const author = (header.data.author ?? settings.author)?.trim();
  const src = header.data.image?.src ?? settings.image?.src;
  const image = src ? absoluteWebUrl(input.origin, src) : null;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: header.data.title.replaceAll(PHRASE_BREAK, "").trim(),
    ...(published ? { datePublished: published } : {}),
    ...(author ? { author: { "@type": "Person", name: author } } : {}),
    ...(image ? { image } : {}),
    inLanguage: input.inLanguage,
    mainEntityOfPage: input.url,
    publisher: input.publisher,
  };
}
