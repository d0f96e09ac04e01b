/**
 * The search results' navigation: the loader builds its links (previous, the page numbers with
 * gaps, next) in the page's language, and `Pager` draws them — nothing for the browser to compute.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translate";
import { pageNumbers } from "~/content/search-text";

/** One item of the result pages' navigation; no href for the current page and gaps. */
export interface PagerLink {
  text: string;
  href?: string;
  rel?: "prev" | "next";
  /** The accessible name of a numbered link ("Page 3"). */
  label?: string;
  current?: boolean;
}

/** The navigation of page `page` of `pages`, its words in the page's language. */
export function pagerLinks(
  t: TFunction,
  pathname: string,
  query: string,
  page: number,
  pages: number,
): PagerLink[] {
  if (pages < 2) return [];
  const links: PagerLink[] = pageNumbers(page, pages).map((n) =>
    n === null
      ? { text: "…" }
      : n === page
        ? { text: String(n), current: true }
        : {
            text: String(n),
            href: searchPageHref(pathname, query, n),
            label: t("searchResults.page", { page: String(n) }),
          },
  );
  if (page > 1) {
    const href = searchPageHref(pathname, query, page - 1);
    links.unshift({ text: t("searchResults.previous"), href, rel: "prev" });
  }
  if (page < pages) {
    const href = searchPageHref(pathname, query, page + 1);
    links.push({ text: t("searchResults.next"), href, rel: "next" });
  }
  return links;
}

/** The address of page `page` of the results for `query` (the first has no `page`). */
export function searchPageHref(pathname: string, query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${pathname}?${params.toString()}`;
}

/**
 * The result pages' navigation, built by the loader: nothing for the browser to compute. Its
 * links are buttons of the site's button system; the current page is a filled one.
 */
export function Pager({ links, status }: { links: PagerLink[]; status: string }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <nav className="search-pager" aria-label={t("searchResults.pagination")}>
      <p className="search-pager__status">{status}</p>
      <ul className="search-pager__list">
        {links.map((link, i) => (
          <li key={i} className={link.rel ? `search-pager__${link.rel}` : undefined}>
            {link.href ? (
              <Link
                to={link.href}
                rel={link.rel}
                aria-label={link.label}
                className="btn btn--secondary-outlined search-pager__link"
              >
                {link.rel === "prev" ? <span aria-hidden="true">←</span> : null}
                {link.text}
                {link.rel === "next" ? <span aria-hidden="true">→</span> : null}
              </Link>
            ) : link.current ? (
              <span aria-current="page" className="btn btn--primary search-pager__link">
                {link.text}
              </span>
            ) : (
              <span className="search-pager__gap">{link.text}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
