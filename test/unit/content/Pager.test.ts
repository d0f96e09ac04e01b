import { describe, expect, it } from "vitest";
import type { TFunction } from "~/i18n/translate";
import { pagerLinks, searchPageHref } from "~/content/Pager";

/** Keys and their variables as the text, so each link shows which string it asked for. */
const t: TFunction = (key, vars) => (vars ? `${key}(${Object.values(vars).join()})` : key);

describe("searchPageHref", () => {
  it.each([
    ["vpn", 1, "/search?q=vpn"],
    ["vpn", 2, "/search?q=vpn&page=2"],
    ["a&b c", 3, "/search?q=a%26b+c&page=3"],
  ])("%j page %i → %s", (query, page, expected) => {
    expect(searchPageHref("/search", query, page)).toBe(expected);
  });
});

describe("pagerLinks", () => {
  it("shows nothing for one page of results", () => {
    expect(pagerLinks(t, 1, 1, (n) => searchPageHref("/search", "vpn", n))).toEqual([]);
  });

  it("has no previous link on the first page and no next one on the last", () => {
    const first = pagerLinks(t, 1, 2, (n) => searchPageHref("/de/search", "vpn", n));
    expect(first).toEqual([
      { text: "1", current: true },
      { text: "2", href: "/de/search?q=vpn&page=2", label: "searchResults.page(2)" },
      { text: "searchResults.next", href: "/de/search?q=vpn&page=2", rel: "next" },
    ]);
    const last = pagerLinks(t, 2, 2, (n) => searchPageHref("/de/search", "vpn", n));
    expect(last[0]).toEqual({
      text: "searchResults.previous",
      href: "/de/search?q=vpn",
      rel: "prev",
    });
    expect(last.at(-1)).toEqual({ text: "2", current: true });
  });

  it("links two pages either side of the current one, the ends and gaps between", () => {
    const links = pagerLinks(t, 10, 20, (n) => searchPageHref("/search", "vpn", n));
    expect(links.map((link) => link.text)).toEqual([
      "searchResults.previous",
      "1",
      "…",
      "8",
      "9",
      "10",
      "11",
      "12",
      "…",
      "20",
      "searchResults.next",
    ]);
    // Neither the current page nor a gap is a link.
    expect(links.filter((link) => !link.href).map((link) => link.text)).toEqual(["…", "10", "…"]);
    expect(links.find((link) => link.current)).toEqual({ text: "10", current: true });
  });
});
