import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { LANG_CODES } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { sitemapXml } from "~/seo/sitemap.server";
import {
  TEST_SITE_URL,
  resetUpstreamClient,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";

const upstream = setupSandboxUpstream();

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemapXml (sandbox content)", () => {
  it("lists every indexable page in each language it is written in, and nothing else", async () => {
    const xml = await sitemapXml(TEST_SITE_URL, 1);
    // Pages are found through the content tree: a page under a path with no page of its own
    // (an unlinked landing page such as /brand/…) is not reachable and not listed.
    const reachable = (path: string): boolean => {
      const parent = path.slice(0, path.lastIndexOf("/")) || "/";
      return path === "/" || (upstream.store.page("en", parent) !== undefined && reachable(parent));
    };
    const expected = [...upstream.store.pages.values()]
      .filter((p) => !p.data.meta?.["no-index"] && reachable(p.path))
      .map((p) => `${TEST_SITE_URL}${localizePath(p.path, p.lang)}`)
      // The glossary, in every language the sandbox translates it into (all nine).
      .concat(LANG_CODES.map((lang) => `${TEST_SITE_URL}${localizePath("/help/glossary", lang)}`))
      // The site's own legal pages, in all nine languages.
      .concat(
        ["/cookies", "/imprint"].flatMap((path) =>
          LANG_CODES.map((lang) => `${TEST_SITE_URL}${localizePath(path, lang)}`),
        ),
      )
      .sort();
    expect(locs(xml).sort()).toEqual(expected);
    expect(locs(xml)).toContain(`${TEST_SITE_URL}/de/features`);
    // Blog posts are written in English only: no German address for them.
    expect(locs(xml)).toContain(`${TEST_SITE_URL}/blog/passkeys-explained`);
    expect(locs(xml)).not.toContain(`${TEST_SITE_URL}/de/blog/passkeys-explained`);
    expect(xml).not.toMatch(/payment-(success|error)|thank-you/);
  });

  it("reuses a built sitemap for five minutes, then asks again", async () => {
    await sitemapXml(TEST_SITE_URL, 10_000_000);
    upstream.forget();
    await sitemapXml(TEST_SITE_URL, 10_000_000 + 60_000);
    expect(upstream.calls()).toEqual([]);
    resetUpstreamClient();
    await sitemapXml(TEST_SITE_URL, 10_000_000 + 6 * 60_000);
    expect(upstream.calls().length).toBeGreaterThan(0);
  });

  it("fails (for a 503) when the content service does, and does not keep the failure", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children/"), () =>
        HttpResponse.json({ message: "DOWN" }, { status: 502 }),
      ),
    );
    await expect(sitemapXml(TEST_SITE_URL, 20_000_000)).rejects.toBeTruthy();
    upstream.server.resetHandlers();
    await expect(sitemapXml(TEST_SITE_URL, 20_000_001)).resolves.toContain("<urlset");
  });
});
