import sanitizeHtml from "sanitize-html";
import type { LangCode } from "~/i18n/languages";
import { localizeHref } from "~/blocks/links";

function options(lang: LangCode): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      "p",
      "br",
      "h2",
      "h3",
      "h4",
      "ul",
      "ol",
      "li",
      "a",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "code",
      "pre",
      "blockquote",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "span",
      "sup",
      "sub",
      "hr",
    ],
    allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["scope"], td: ["colspan"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        if (/^https?:/i.test(href)) {
          return { tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } };
        }
        const internal = href.startsWith("/") && !href.startsWith("//");
        const { target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: internal ? { ...rest, href: localizeHref(href, lang) } : rest };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
  };
}

const cached = new Map<LangCode, sanitizeHtml.IOptions>();

/**
 * Rich text from the content service, reduced to a safe subset of HTML. Site links get the page
 * language's prefix; links to other sites open in a new tab without access to this one.
 */
export function sanitizeRichText(html: string, lang: LangCode = "en"): string {
  let opts = cached.get(lang);
  if (!opts) {
    opts = options(lang);
    cached.set(lang, opts);
  }
  return sanitizeHtml(html, opts);
}
