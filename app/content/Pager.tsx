/**
 * The one navigation between the pages of a list — search results and the blog: its links
 * (previous, the page numbers with gaps, next) are built in the page's language, and `Pager`
 * draws them the same way for both.
 */
import { Link } from "@remix-run/react";
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

/** The navigation of page `page` of `pages`, page n at `href(n)`, its words in the language. */
export function pagerLinks(
  t: TFunction,
  page: number,
  pages: number,
  href: (page: number) => string,
): PagerLink[] {
  if (pages < 2) return [];
  const links: PagerLink[] = pageNumbers(page, pages).map((n) =>
    n === null
      ? { text: "…" }
      : n === page
        ? { text: String(n), current: true }
        : {
            text: String(n),
            href: href(n),
            label: t("searchResults.page", { page: String(n) }),
          },
  );
  if (page > 1) {
    links.unshift({ text: t("searchResults.previous"), href: href(page - 1), rel: "prev" });
  }
  if (page < pages) {
    links.push({ text: t("searchResults.next"), href: href(page + 1), rel: "next" });
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
 * A list's page navigation ("Page 2 of 5", then the links). Its links are buttons of the
 * site's button system; the current page is a filled one.
 */
export function Pager({
  links,
  status,
  label,
}: {
  links: PagerLink[];
  status: string;
  label: string;
}) {
  if (links.length === 0) return null;
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__status">{status}</p>
      <ul className="pager__list">
        {links.map((link, i) => (
          <li key={i} className={link.rel ? `pager__${link.rel}` : undefined}>
            {link.href ? (
              <Link
                to={link.href}
                rel={link.rel}
                aria-label={link.label}
                className="btn btn--secondary-outlined pager__link"
              >
                {link.rel === "prev" ? <span aria-hidden="true">←</span> : null}
                {link.text}
                {link.rel === "next" ? <span aria-hidden="true">→</span> : null}
              </Link>
            ) : link.current ? (
              <span aria-current="page" className="btn btn--primary pager__link">
                {link.text}
              </span>
            ) : (
              <span className="pager__gap">{link.text}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
