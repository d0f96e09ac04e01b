import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { FAULT_QUERY } from "../../../mocks/handlers/coms";
import {
  loaderArgs,
  returned,
  upstreamUrl,
  setupSandboxUpstream,
  type LoaderData,
} from "../support/remix";
import { searchLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const PUBLIC_HTML =
  "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400";
const PHISHING_POST = "/blog/how-to-spot-a-phishing-email";

/** The search page of a language: `/search?q=…&page=…` or `/<lang>/search?…`. */
function search(lang: "en" | "de", query?: string, page?: string) {
  const path = `${lang === "en" ? "" : `/${lang}`}/search`;
  const params = new URLSearchParams();
  if (query !== undefined) params.set("q", query);
  if (page !== undefined) params.set("page", page);
  const url = params.size > 0 ? `${path}?${params.toString()}` : path;
  return searchLoader(loaderArgs(url, { params: lang === "en" ? {} : { lang } }));
}

function searchData(data: LoaderData<Awaited<ReturnType<typeof searchLoader>>>) {
  return data;
}

/** An excerpt's text as written, marked parts in [brackets]. */
function shown(excerpt: { text: string; mark: boolean }[] | undefined): string {
  return (excerpt ?? []).map((s) => (s.mark ? `[${s.text}]` : s.text)).join("");
}

describe("search loader", () => {
  it("finds the pages that match a query, best first, with marked excerpts", async () => {
    const { status, data, headers } = await returned(search("en", "phishing"));
    const result = searchData(data);
    expect(status).toBe(200);
    expect(result).toMatchObject({ lang: "en", query: "phishing", failed: false, page: 1 });
    expect(result.total).toBeGreaterThan(0);
    // The post's document title ends "| KeyNest Blog": the result is titled as the post.
    const documentTitle = String(upstream.store.page("en", PHISHING_POST)?.data.meta?.title);
    const title = documentTitle.replace(/ \| KeyNest Blog$/, "");
    expect(title).not.toBe(documentTitle);
    expect(result.results?.[0]).toMatchObject({ url: PHISHING_POST, title, kind: "post" });
    const excerpt = shown(result.results?.[0]?.excerpt);
    expect(excerpt).toMatch(/\[phishing\]/i);
    expect(excerpt.startsWith(title)).toBe(false);
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(headers.get("Vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(upstream.calls("/coms/pages-search-v2/")).toMatchObject([
      { method: "GET", query: { query: "phishing", lang: "en", page: "1", size: "10" } },
    ]);
  });

  it("keeps the excerpt in the page's own case", async () => {
    const { data } = await returned(search("en", "password"));
    const excerpts = (searchData(data).results ?? []).map((r) => shown(r.excerpt));
    expect(excerpts.some((e) => /[A-Z]/.test(e))).toBe(true);
    expect(excerpts.every((e) => !/\[(?!password\])[^\]]*\]/i.test(e))).toBe(true);
  });

  it("pages through every result: the count said is the count reached", async () => {
    const first = searchData((await returned(search("en", "password"))).data);
    expect(first.pages).toBeGreaterThan(1);
    expect(first.next).toBe("/search?q=password&page=2");
    expect(first.prev).toBeNull();
    const seen = new Set(first.results?.map((r) => r.url));
    for (let page = 2; page <= first.pages; page++) {
      const { status, data } = await returned(search("en", "password", String(page)));
      const result = searchData(data);
      expect(status).toBe(200);
      expect(result.page).toBe(page);
      expect(result.pageLabel).toBe(`Page ${page}`);
      expect(result.prev).toBe(
        page === 2 ? "/search?q=password" : `/search?q=password&page=${page - 1}`,
      );
      expect(result.next).toBe(page === first.pages ? null : `/search?q=password&page=${page + 1}`);
      for (const r of result.results ?? []) {
        expect(seen.has(r.url)).toBe(false);
        seen.add(r.url);
      }
    }
    expect(seen.size).toBe(first.total);
  });

  it.each([
    ["the page after the last", "99"],
    ["the highest page number", "9999"],
  ])("answers 404 for %s", async (_case, page) => {
    const { status, data } = await returned(search("en", "password", page));
    expect(status).toBe(404);
    expect(searchData(data)).toMatchObject({
      problem: "pastLast",
      results: null,
      query: "password",
    });
  });

  it("answers 404 for page 2 of a search without results", async () => {
    const { status } = await returned(search("en", "zzzqqq", "2"));
    expect(status).toBe(404);
  });

  it.each([["0"], ["-1"], ["abc"], ["1.5"], ["10000"]])(
    "refuses the page %j with 400 without asking the upstream",
    async (page) => {
      const { status, data } = await returned(search("en", "password", page));
      expect(status).toBe(400);
      expect(searchData(data)).toMatchObject({ problem: "badPage", results: null });
      expect(upstream.calls()).toEqual([]);
    },
  );

  it("searches in the language of the URL", async () => {
    const { data, headers } = await returned(search("de", "Funktionen"));
    const result = searchData(data);
    expect(result).toMatchObject({ lang: "de", query: "Funktionen", failed: false });
    expect(result.results?.map((r) => r.url)).toEqual(expect.arrayContaining(["/features"]));
    expect(headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(upstream.calls("/coms/pages-search-v2/")[0]?.query.lang).toBe("de");
  });

  it("answers no results, not a failure, for a query that matches nothing", async () => {
    const { status, data } = await returned(search("en", "zzzqqq"));
    expect(status).toBe(200);
    expect(searchData(data)).toMatchObject({ failed: false, results: [], total: 0, pages: 1 });
  });

  it.each([
    ["no query", undefined],
    ["an empty query", ""],
    ["a query of spaces", "   "],
  ])("asks the upstream nothing for %s", async (_case, query) => {
    const { status, data, headers } = await returned(search("en", query));
    expect(status).toBe(200);
    expect(searchData(data)).toMatchObject({ lang: "en", query: "", results: null, failed: false });
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(upstream.calls()).toEqual([]);
  });

  // [how the characters are written, one of them]
  it.each([
    ["letters", "a"],
    ["characters outside the BMP (two code units each)", "🔑"],
  ])("takes a query of 200 %s, refuses 201 unasked", async (_written, one) => {
    const longest = one.repeat(200);
    const taken = await returned(search("en", longest));
    expect(taken.status).toBe(200);
    expect(upstream.calls("/coms/pages-search-v2/").map((call) => call.query.query)).toEqual([
      longest,
    ]);

    upstream.forget();
    const refused = await returned(search("en", one.repeat(201)));
    expect(refused.status).toBe(400);
    expect(searchData(refused.data)).toMatchObject({ problem: "tooLong", query: longest });
    expect(upstream.calls()).toEqual([]);
  });

  it("refuses a longer query with 400, cut for the box, without asking the upstream", async () => {
    const { status, data } = await returned(search("en", `<script>${"a".repeat(300)}`));
    expect(status).toBe(400);
    const result = searchData(data);
    expect(result).toMatchObject({ problem: "tooLong", results: null });
    expect([...result.query]).toHaveLength(200);
    expect(upstream.calls()).toEqual([]);
  });

  it("falls back to pages-search when pages-search-v2 fails, paging its answer", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages-search-v2/"), () =>
        HttpResponse.json({ message: "MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data, headers } = await returned(search("en", "password", "2"));
    const result = searchData(data);
    expect(status).toBe(200);
    expect(result).toMatchObject({ failed: false, page: 2 });
    expect(result.total).toBeGreaterThan(10);
    expect(result.results?.length).toBeGreaterThan(0);
    expect(result.results?.length).toBeLessThanOrEqual(10);
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(upstream.calls("/coms/pages-search/")).toMatchObject([
      { query: { query: "password", lang: "en" } },
    ]);
  });

  it("marks a failed search when both searches fail, and never stores the page", async () => {
    const { status, data, headers } = await returned(search("en", FAULT_QUERY));
    expect(status).toBe(200);
    expect(searchData(data)).toMatchObject({ query: FAULT_QUERY, results: null, failed: true });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Vary")).toBeNull();
    expect(upstream.calls("/coms/pages-search/")).toHaveLength(1);
  });

  it("marks a failed search when neither answer has the expected shape", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages-search-v2/"), () => HttpResponse.json({ hits: [] })),
      http.get(upstreamUrl("/coms/pages-search/"), () => HttpResponse.json({ hits: [] })),
    );
    const { data } = await returned(search("en", "phishing"));
    expect(searchData(data)).toMatchObject({ results: null, failed: true });
  });
});
