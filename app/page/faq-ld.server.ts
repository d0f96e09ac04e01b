/**
 * A page's questions and answers (its `faq` blocks) as a schema.org FAQPage: each question as
 * the page shows it, each answer as the markup search engines accept in one.
 */
import sanitizeHtml from "sanitize-html";
import type { FAQPage, Question, WithContext } from "schema-dts";
import { absoluteUrl } from "~/seo/site-ld.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { Block, BlockOf } from "./Blocks";

/** Tags an answer may keep (paragraphs, lists, emphasis, links); others give up their text. */
const ANSWER_TAGS = ["p", "br", "h2", "h3", "h4", "ul", "ol", "li", "a", "strong", "b", "em", "i"];

/** An answer (the page's sanitized HTML) reduced to those tags, its links absolute. */
export function answerMarkup(html: string, origin: string): string {
  return sanitizeHtml(html.replaceAll(PHRASE_BREAK, ""), {
    allowedTags: ANSWER_TAGS,
    allowedAttributes: { a: ["href"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        return {
          tagName,
          attribs:
            href.startsWith("/") && !href.startsWith("//")
              ? { href: absoluteUrl(origin, href) }
              : { href },
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
  }).trim();
}

/** The `faq` blocks of a page, at any depth, in page order. */
export function faqBlocks(blocks: readonly Block[]): BlockOf<"faq">[] {
  return blocks.flatMap((block) => [
    ...(block.name === "faq" ? [block] : []),
    ...faqBlocks(block.children),
  ]);
}

/** The FAQPage of the page at `url`, or null when it shows no question with an answer. */
export function faqPageLd(
  faqs: readonly BlockOf<"faq">[],
  input: { origin: string; url: string; inLanguage: string },
): WithContext<FAQPage> | null {
  const questions: Question[] = [];
  for (const faq of faqs) {
    for (const item of faq.data.items) {
      const name = item.question.replaceAll(PHRASE_BREAK, "").trim();
      const text = answerMarkup(item.answer, input.origin);
      if (!name || !text) continue;
      questions.push({ "@type": "Question", name, acceptedAnswer: { "@type": "Answer", text } });
    }
  }
  if (questions.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: input.url,
    inLanguage: input.inLanguage,
    mainEntity: questions,
  };
}
