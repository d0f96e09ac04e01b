import type { MetaDescriptor } from "@remix-run/node";

/** Pure rules of the blog list's pages: the `page` parameter, titles, canonicals and links. */

/** The highest page number a URL may name; anything above is not a page of ours. */
const MAX_PAGE = 10_000;

/**
 * The listing page a URL's `page` parameter names: 1 when absent, the number when it is a plain
 * positive whole number (digits only, no sign, no leading zero), else null (the URL is not a page).
 */
export function parseListPage(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_PAGE ? n : null;
}

/** Whether a listing page exists: page 1 always (an empty blog says so), others up to the last. */
export function pageExists(page: number, pages: number): boolean {
  return page === 1 || page <= pages;
}

/** A listing page's href: page 1 without the parameter. */
export function pageHref(pathname: string, page: number): string {
  return page <= 1 ? pathname : `${pathname}?page=${page}`;
}

/** An absolute URL with its listing page: page 1 is the URL itself, others add `?page=n`. */
export function withPageParam(href: string, page: number): string {
  if (page <= 1) return href;
  try {
    const url = new URL(href);
    url.searchParams.set("page", String(page));
    return url.href;
  } catch {
    return `${href}${href.includes("?") ? "&" : "?"}page=${page}`;
  }
}

type Tag = MetaDescriptor & Record<string, unknown>;

/**
 * A listing page's meta on top of the page's own: page n > 1 gets its own title (`pageTitle`) and
 * canonical (the page's canonical with `?page=n`), and every page links its neighbours with
 * rel prev/next. Only the page-number part of the canonical is decided here.
 */
export function pagedMeta(
  tags: MetaDescriptor[],
  paging: { page: number; pages: number },
  pageTitle: (title: string) => string,
): MetaDescriptor[] {
  const { page, pages } = paging;
  let canonical = "";
  const out: MetaDescriptor[] = (tags as Tag[]).map((tag): MetaDescriptor => {
    if (page > 1 && typeof tag.title === "string") return { ...tag, title: pageTitle(tag.title) };
    if (tag.tagName === "link" && tag.rel === "canonical" && typeof tag.href === "string") {
      canonical = tag.href;
      return page > 1 ? { ...tag, href: withPageParam(tag.href, page) } : tag;
    }
    // The same page of the list in the other languages.
    if (
      page > 1 &&
      tag.tagName === "link" &&
      tag.rel === "alternate" &&
      typeof tag.href === "string"
    ) {
      return { ...tag, href: withPageParam(tag.href, page) };
    }
    if (page > 1 && tag.property === "og:url" && typeof tag.content === "string") {
      return { ...tag, content: withPageParam(tag.content, page) };
    }
    if (page > 1 && tag.property === "og:title" && typeof tag.content === "string") {
      return { ...tag, content: pageTitle(tag.content) };
    }
    return tag;
  });
  if (!canonical) return out;
  const base = withoutPageParam(canonical);
  if (page > 1) out.push({ tagName: "link", rel: "prev", href: withPageParam(base, page - 1) });
  if (page < pages) out.push({ tagName: "link", rel: "next", href: withPageParam(base, page + 1) });
  return out;
}

function withoutPageParam(href: string): string {
  try {
    const url = new URL(href);
    url.searchParams.delete("page");
    return url.href;
  } catch {
    return href;
  }
}

/** The site's blog: its index (the page with the `blog-list`); its posts are the pages below it. */
export const BLOG_PATH = "/blog";

/** The blog a post path belongs to (`/blog` for `/blog/passkeys`), or null for other pages. */
export function blogOfPost(path: string): string | null {
  return /^\/blog\/[^/]+\/?$/.test(path) ? BLOG_PATH : null;
}

/**
 * Whether a page (its path without the language prefix) is part of the blog: the index or one of
 * its posts. The one place that says so; the feed's link in the page head follows it.
 */
export function isBlogPage(path: string): boolean {
  return path.replace(/\/+$/, "") === BLOG_PATH || blogOfPost(path) !== null;
}

/** Up to `count` other posts of the same blog, in the service's order, never the post itself. */
export function relatedPosts<T extends { url: string }>(all: T[], path: string, count = 3): T[] {
  const self = path.replace(/\/+$/, "");
  return all.filter((post) => post.url.replace(/\/+$/, "") !== self).slice(0, count);
}
