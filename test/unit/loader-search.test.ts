import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { FAULT_QUERY } from "../../mocks/handlers/coms";
import {
  loaderArgs,
  returned,
  upstreamUrl,
  setupSandboxUpstream,
  type LoaderData,
} from "./support/remix";
import { searchLoader } from "./support/routes";

const upstream = setupSandboxUpstream();

const PUBLIC_HTML = "public, max-age=0, must-revalidate";
const PHISHING_POST = "/blog/how-to-spot-a-phishing-email";

/** The search page of a language: `/search` or `/<lang>/search` (the language routes of app/page-routes.ts). */
function search(lang: "en" | "de", query?: string) {
  const path = `${lang === "en" ? "" : `/${lang}`}/search`;
  const url = query === undefined ? path : `${path}?q=${encodeURIComponent(query)}`;
  return searchLoader(loaderArgs(url, { params: lang === "en" ? {} : { lang } }));
}

/** The search result of a loader answer. */
function searchData(data: LoaderData<Awaited<ReturnType<typeof searchLoader>>>) {
  return data;
}

describe("search loader", () => {
  it("finds the pages that match a query, best first", async () => {
    const { status, data, headers } = await returned(search("en", "phishing"));
    const result = searchData(data);
    expect(status).toBe(200);
    expect(result).toMatchObject({ lang: "en", query: "phishing", failed: false });
    expect(result.results?.total).toBeGreaterThan(0);
    expect(result.results?.results[0]).toMatchObject({
      url: PHISHING_POST,
      title: upstream.store.page("en", PHISHING_POST)?.data.meta?.title,
    });
    expect(result.results?.results[0]?.excerpt).toContain("phishing");
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect(upstream.calls("/coms/pages-search-v2/")).toMatchObject([
      { method: "GET", query: { query: "phishing", lang: "en", page: "1" } },
    ]);
  });

  it("searches in the language of the URL", async () => {
    const { data, headers } = await returned(search("de", "Passwort"));
    const result = searchData(data);
    expect(result).toMatchObject({ lang: "de", query: "Passwort", failed: false });
    expect(result.results?.results.map((r) => r.url)).toEqual(
      expect.arrayContaining(["/features"]),
    );
    expect(result.results?.results.find((r) => r.url === "/features")?.title).toBe(
      upstream.store.page("de", "/features")?.data.meta?.title,
    );
    expect(headers.get("Vary")).toBe("Cookie");
    expect(upstream.calls("/coms/pages-search-v2/")[0]?.query.lang).toBe("de");
  });

  it("answers no results, not a failure, for a query that matches nothing", async () => {
    const { data } = await returned(search("en", "zzzqqq"));
    expect(searchData(data)).toMatchObject({
      failed: false,
      results: { results: [], total: 0 },
    });
  });

  it.each([
    ["no query", undefined],
    ["an empty query", ""],
    ["a query of spaces", "   "],
  ])("asks the upstream nothing for %s", async (_case, query) => {
    const { status, data, headers } = await returned(search("en", query));
    expect(status).toBe(200);
    expect(searchData(data)).toEqual({
      lang: "en",
      query: "",
      results: null,
      failed: false,
    });
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(upstream.calls()).toEqual([]);
  });

  it("trims the query and cuts it to 100 characters", async () => {
    const { data } = await returned(search("en", `  ${"a".repeat(150)}  `));
    expect(searchData(data).query).toBe("a".repeat(100));
    expect(upstream.calls("/coms/pages-search-v2/")[0]?.query.query).toBe("a".repeat(100));
  });

  it("marks a failed search (the sandbox's fault query) and never stores the page", async () => {
    const { status, data, headers } = await returned(search("en", FAULT_QUERY));
    expect(status).toBe(200);
    expect(searchData(data)).toMatchObject({ query: FAULT_QUERY, results: null, failed: true });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Vary")).toBeNull();
  });

  it("marks a failed search when pages-search-v2 answers 503", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages-search-v2/"), () =>
        HttpResponse.json({ message: "MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data, headers } = await returned(search("de", "Passwort"));
    expect(status).toBe(200);
    expect(searchData(data)).toMatchObject({ lang: "de", results: null, failed: true });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.calls("/coms/pages-search-v2/")).toHaveLength(1);
  });

  it("marks a failed search when the answer does not have the expected shape", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages-search-v2/"), () => HttpResponse.json({ hits: [] })),
    );
    const { data } = await returned(search("en", "phishing"));
    expect(searchData(data)).toMatchObject({ results: null, failed: true });
  });
});
