import { Feed } from "feed";
import { publicBrand } from "~/config/brand.server";
import { now } from "~/config/clock.server";
import { getConfig } from "~/config/config.server";
import { sharedPageCacheControl } from "~/http/cache-control";
import { notFoundResponse } from "~/http/not-found";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { logFailure } from "~/observability/log-repeats.server";
import { siteOrigin } from "~/config/origin.server";
import type { PageSummary } from "~/upstream/coms.schemas";
import { getChildrenByUrl } from "~/upstream/coms.server";
import { isUpstreamError } from "~/upstream/errors";
import { ATOM_TYPE, blogFeedUrl } from "./blog-feed";
import { BLOG_PATH } from "./blog-paging";
import { upstreamFailureInit } from "~/http/upstream-failure";
import { otherLanguage } from "./search-result";

/** The newest posts a feed holds: a reader keeps what it has seen, a feed is no archive. */
export const FEED_MAX_ENTRIES = 50;

/** The picture types a post's image may have in the feed, by file extension. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/** Characters XML 1.0 cannot hold (controls, non-characters, lone surrogates). */
const NOT_XML =
  // oxlint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text of the content service on one line, with nothing XML cannot hold. */
function plain(text: string): string {
  return text.replace(NOT_XML, "").replace(/\s+/g, " ").trim();
}

/**
 * A plain text as the HTML the feed's titles and summaries are (`type="html"`): escaped, so a
 * reader shows `<`, `>` and `&` as the text has them.
 */
function asHtml(text: string): string {
  return plain(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A post's date as a time, when it is an ISO date (`2025-04-22`, or with a time). */
function postTime(date: string | undefined): number | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  const time = Date.parse(date);
  return Number.isFinite(time) ? time : null;
}

/** A post's path without a language prefix, when its URL is one of the site's paths. */
function postPath(url: string): string | null {
  if (!/^\/(?![/\\])/.test(url)) return null;
  return splitLangPath(url.split(/[?#]/)[0] ?? "/").path;
}

/** A post's image as an absolute http(s) address of a picture type the feed names, or null. */
function imageUrl(src: string | undefined, origin: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, `${origin}/`);
    const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
    const http = url.protocol === "https:" || url.protocol === "http:";
    return http && extension && IMAGE_TYPES[extension] ? url.href : null;
  } catch {
    return null;
  }
}

interface Entry {
  post: PageSummary;
  time: number;
  /** The post's address in the feed's language (as the blog index links it). */
  link: string;
  /** The language the post is written in when it is not the feed's (an English post), else null. */
  otherLang: LangCode | null;
}

/**
 * The posts the feed lists: those with a date (a reader orders entries by it; an undated page
 * under the blog cannot be placed and is left out) and a site path, each once, newest first —
 * the service's order among posts of one date — and at most FEED_MAX_ENTRIES of them.
 */
function entriesOf(posts: PageSummary[], lang: LangCode, origin: string): Entry[] {
  const seen = new Set<string>();
  const entries: (Entry & { index: number })[] = [];
  posts.forEach((post, index) => {
    const time = postTime(post.date);
    const path = postPath(post.url);
    if (time === null || path === null || seen.has(path)) return;
    seen.add(path);
    const link = new URL(localizePath(path, lang), `${origin}/`).href;
    entries.push({ post, time, link, otherLang: otherLanguage(post.lang, lang), index });
  });
  return entries
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .slice(0, FEED_MAX_ENTRIES)
    .map(({ index: _index, ...entry }) => entry);
}

/**
 * What the feed library cannot say, added to its output: the feed's language and that of each
 * entry written in another (`xml:lang`), and the proper media type of a post's image (it names
 * `image/svg` and `image/jpg` after the file's extension). Every text in the output is escaped
 * (`<` never appears in it), so `<entry>` is only ever an entry's start tag.
 */
function withLanguagesAndTypes(xml: string, lang: LangCode, entries: Entry[]): string {
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">';
  const starts = xml.split("<entry>").length - 1;
  if (!xml.includes(root) || starts !== entries.length) {
    throw new Error(`The Atom output has ${starts} entries for ${entries.length} posts`);
  }
  let at = 0;
  return xml
    .replace(root, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${getLanguage(lang).iso}">`)
    .replace(/<entry>/g, () => {
      const other = entries[at++]?.otherLang;
      return other ? `<entry xml:lang="${getLanguage(other).iso}">` : "<entry>";
    })
    .replace(
      /(<link rel="enclosure" href="[^"]*" type=")image\/([A-Za-z0-9]+)"/g,
      (all, start: string, extension: string) => {
        const type = IMAGE_TYPES[extension.toLowerCase()];
        return type ? `${start}${type}"` : all;
      },
    );
}

export interface BlogFeedInput {
  lang: LangCode;
  /** The public origin (SITE_URL): every address in the feed is absolute on it. */
  origin: string;
  brand: string;
  title: string;
  subtitle: string;
  /** The blog's posts as the content service lists them for `lang`. */
  posts: PageSummary[];
  /** The feed's `updated` when it lists no post (else its newest post's date). */
  now: number;
}

/**
 * The Atom 1.0 feed of a language's blog. Its posts are the blog index's: where a language has
 * no translation of a post the service lists the English one, and so does the feed — linked under
 * the language's prefix as the index links it, and marked `xml:lang="en"` as the index marks its
 * card — so a reader of the German feed sees the same posts as a visitor of `/de/blog`.
 */
export function renderBlogFeed(input: BlogFeedInput): string {
  const { lang, origin } = input;
  const self = blogFeedUrl(origin, lang);
  const entries = entriesOf(input.posts, lang, origin);
  const feed = new Feed({
    id: self,
    title: input.title,
    description: input.subtitle,
    link: `${origin}${localizePath(BLOG_PATH, lang)}`,
    feedLinks: { atom: self },
    updated: new Date(entries[0]?.time ?? input.now),
    author: { name: input.brand, link: `${origin}/` },
    favicon: `${origin}/favicon.svg`,
    generator: false,
  });
  for (const { post, time, link } of entries) {
    const date = new Date(time);
    const description = asHtml(post.description);
    const author = post.author ? plain(post.author) : "";
    const image = imageUrl(post.image?.src, origin);
    feed.addItem({
      title: asHtml(post.title),
      id: link,
      link,
      date,
      published: date,
      ...(description ? { description } : {}),
      // Entries without an author have the feed's (the brand).
      ...(author ? { author: [{ name: author }] } : {}),
      ...(image ? { image } : {}),
    });
  }
  return withLanguagesAndTypes(feed.atom1(), lang, entries);
}

/** A language's blog feed from the content service's list of the blog's posts. */
export async function blogFeedXml(lang: LangCode, origin: string): Promise<string> {
  const posts = await getChildrenByUrl(lang, BLOG_PATH);
  const t = getT(lang);
  const brand = publicBrand().name;
  return renderBlogFeed({
    lang,
    origin,
    brand,
    title: t("blog.feedTitle", { brand }),
    subtitle: t("blog.feedSubtitle", { brand }),
    posts,
    now: now(),
  });
}

const FAILURE_TEXT: Readonly<Record<number, string>> = {
  503: "Service unavailable",
  504: "Gateway timeout",
};

/**
 * The answer to `/blog/feed.xml` and its eight language variants: the feed, shared by caches as
 * long as a page is (it reads no cookie, so it varies on none); a failing content service answers
 * as it does for pages (503 with Retry-After, 504 for a timeout, never stored), as plain text.
 */
export async function blogFeedResponse(request: Request): Promise<Response> {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  try {
    const xml = await blogFeedXml(lang, siteOrigin());
    return new Response(xml, {
      headers: {
        "Content-Type": `${ATOM_TYPE}; charset=utf-8`,
        "Cache-Control": sharedPageCacheControl(getConfig().sharedPages),
      },
    });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // The service knows no blog at all: there is no feed of it.
    if (error.statusCode === 404) return notFoundResponse(60);
    logFailure("error", "blog feed", `Blog feed unavailable for ${lang}`, error);
    const init = upstreamFailureInit(error.statusCode);
    const headers = new Headers(init.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    const status = init.status ?? 500;
    return new Response(`${FAILURE_TEXT[status] ?? "Internal server error"}\n`, {
      status,
      headers,
    });
  }
}
