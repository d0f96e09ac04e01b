/**
 * Content pages stay content pages whatever routes are added (decision 009): every content path
 * of the sandbox, in its language, followed by every page route's path (and the ones planned) is
 * answered by the content catch-all — never by the page route it ends with. The route that
 * rendered a document is read from the HTML: Remix imports exactly the matched routes' modules.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { ContentStore } from "../../mocks/content-store";
import { pageRouteId } from "../../app/i18n/language-routes";
import { LANG_CODES, type LangCode } from "../../app/i18n/languages";
import { localizePath } from "../../app/i18n/paths";
import { PAGE_ROUTES } from "../../app/page-routes";
import { expect, test } from "./fixtures";
import { ACCOUNTS, signInApart } from "./sign-in-session";

const CONCURRENCY = 8;
/** Pages to come: a new route must not take these paths from content either. */
const PLANNED = ["order/checkout", "account", "sign-in", "payment-success", "payment-error"];
const SUFFIXES = [
  ...new Set([...PAGE_ROUTES.map((p) => p.path).filter((p) => p && p !== "*"), ...PLANNED]),
].map((path) => `/${path}`);

const store = new ContentStore();
const contentPages = [...store.pages.values()].map(({ lang, path }) => ({
  lang,
  path,
  url: localizePath(path, lang),
}));

/** An English visitor: no language redirect for unprefixed paths. */
const HEADERS = { "Accept-Language": "en" };

interface Rendered {
  status: number;
  /** The deepest matched route: the one that rendered the page. */
  route: string | undefined;
  html: string;
}

async function render(request: APIRequestContext, url: string, cookie?: string): Promise<Rendered> {
  const headers = cookie ? { ...HEADERS, Cookie: cookie } : HEADERS;
  const response = await request.get(url, { headers, maxRedirects: 0 });
  const html = await response.text();
  const modules = /window\.__remixRouteModules = \{([^}]*)\}/.exec(html)?.[1] ?? "";
  const ids = [...modules.matchAll(/"([^"]+)":route\d+/g)].map((m) => m[1]);
  return { status: response.status(), route: ids.at(-1), html };
}

/** Runs `fn` over `items`, `CONCURRENCY` at a time; the failures, as readable lines. */
async function walk<T>(items: readonly T[], fn: (item: T) => Promise<string | null>) {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const problem = await fn(items[next++] as T);
      if (problem) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems.sort();
}

/** The page route a language's URL path is meant for, by the list in app/page-routes.ts. */
function routeOf(lang: LangCode, path: string): string {
  const page = PAGE_ROUTES.find((p) => `/${p.path}` === path) ?? { name: "content" };
  return pageRouteId(page.name, lang);
}

/** Every UI-string key (`wallet.notFoundTitle`), from the English strings. */
function keysOf(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return prefix.includes(".") ? [prefix] : [];
  return Object.entries(node).flatMap(([name, value]) =>
    keysOf(value, prefix ? `${prefix}.${name}` : name),
  );
}
const UI_KEYS = keysOf(
  JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")),
);

/**
 * What is wrong with a page's title, description and main heading, or null: an empty title (or
 * one that is only the brand), or a UI-string key shown as it is instead of its text.
 */
function headProblem(html: string): string | null {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? "";
  if (
    !title
      .replace(/\|?\s*KeyNest\s*$/, "")
      .replace(/^\s*\|/, "")
      .trim()
  ) {
    return `empty title "${title}"`;
  }
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
  const heading = (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
  for (const [what, text] of [
    ["title", title],
    ["description", description],
    ["heading", heading],
  ]) {
    const key = UI_KEYS.find((candidate) => text!.includes(candidate));
    if (key) return `raw key ${key} in the ${what} "${text}"`;
  }
  return null;
}

const layoutOf = (html: string) => /<main [^>]*class="layout layout--([a-z]+)"/.exec(html)?.[1];

test.describe.configure({ timeout: 120_000 });

test.describe("language routes", () => {
  test("serve every content page of the sandbox by its own route", async ({ request }) => {
    expect(contentPages.length).toBeGreaterThan(50);
    const problems = await walk(contentPages, async ({ lang, path, url }) => {
      const { status, route } = await render(request, url);
      const want = routeOf(lang, path);
      return status === 200 && route === want ? null : `${url}: ${status} ${route}, want ${want}`;
    });
    expect(problems).toEqual([]);
  });

  test("give every content path a real title and heading in all nine languages", async ({
    request,
  }) => {
    const paths = [...new Set(contentPages.map(({ path }) => path))];
    const urls = LANG_CODES.flatMap((lang) => paths.map((path) => localizePath(path, lang)));
    const problems = await walk(urls, async (url) => {
      const { status, html } = await render(request, url);
      if (status !== 200) return `${url}: ${status}`;
      const head = headProblem(html);
      return head ? `${url}: ${head}` : null;
    });
    expect(problems).toEqual([]);
  });

  for (const suffix of SUFFIXES) {
    test(`leave <content path>${suffix} to the content pages`, async ({ request }) => {
      const urls = contentPages
        .filter(({ path }) => path !== "/")
        .map(({ lang, path }) => ({
          lang,
          path: path + suffix,
          url: localizePath(path + suffix, lang),
        }));
      const problems = await walk(urls, async ({ lang, path, url }) => {
        const { status, route, html } = await render(request, url);
        const want = pageRouteId("content", lang);
        // A content page that happens to live at the combined path is a content page too.
        const exists = Boolean(store.pageOrEnglish(lang, path));
        const wantStatus = exists ? 200 : 404;
        const layout = layoutOf(html);
        const notFoundPage = html.includes('class="error-page__path"');
        if (route !== want || status !== wantStatus) {
          return `${url}: ${status} ${route}, want ${wantStatus} ${want}`;
        }
        if (!exists && (layout !== "default" || !notFoundPage)) {
          return `${url}: layout ${layout}, not-found page ${notFoundPage}`;
        }
        return null;
      });
      expect(problems).toEqual([]);
    });
  }

  test("give every page of the sitemap, in each of its languages, a real title and heading", async ({
    request,
  }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    // Every <loc> and every hreflang alternate (xhtml:link href), as paths on this site.
    const found = [...xml.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map(
      (match) => new URL((match[1] ?? match[2])!.replaceAll("&amp;", "&")).pathname,
    );
    const paths = [...new Set(found)];
    // A page is listed in the languages it is written in (English-only pages once).
    expect(paths.length).toBeGreaterThan(60);
    expect(paths).toContain("/vpn-add-ons");
    expect(paths).toContain("/de/features");
    const problems = await walk(paths, async (url) => {
      const { status, html } = await render(request, url);
      if (status !== 200) return `${url}: ${status}`;
      const head = headProblem(html);
      return head ? `${url}: ${head}` : null;
    });
    expect(problems).toEqual([]);
  });

  /** What a page needs in its query to render (without it, the checkout says 404: no plan). */
  const PAGE_QUERIES: Record<string, string> = {
    "order-checkout": "?plan=102",
    // The standing pending Amazon Pay order of the sandbox (mocks/sales/catalogue.json).
    "amazon-payment": "?order=101-0a1b2c3d4e5f-00000004",
  };

  /** Pages for signed-in visitors render for a session (a demo account's, mocks/auth). */
  const SIGNED_IN = new Set(["account", "account-change-password"]);

  test("serve each page in all nine languages", async ({ playwright, request, baseURL }) => {
    const session = await signInApart(playwright, baseURL!, ACCOUNTS.active);
    const cases = LANG_CODES.flatMap((lang) =>
      PAGE_ROUTES.filter((p) => p.path !== "*").map((p) => ({ lang, page: p.name, path: p.path })),
    );
    expect(cases).toHaveLength(LANG_CODES.length * (PAGE_ROUTES.length - 1));
    const problems = await walk(cases, async ({ lang, page, path }) => {
      const url = localizePath(`/${path}`, lang) + (PAGE_QUERIES[page] ?? "");
      const { status, route, html } = await render(
        request,
        url,
        SIGNED_IN.has(page) ? session : undefined,
      );
      const want = pageRouteId(page, lang);
      if (status !== 200 || route !== want) return `${url}: ${status} ${route}, want ${want}`;
      const head = headProblem(html);
      return head ? `${url}: ${head}` : null;
    });
    expect(problems).toEqual([]);
  });

  test("render the search, wallet and content pages as themselves", async ({ request }) => {
    for (const url of ["/search", "/de/search"]) {
      const { status, html } = await render(request, url);
      expect(status, url).toBe(200);
      expect(html, url).toContain('class="search-page');
    }
    const wallet = await render(request, "/amazon/payment?order=101-0a1b2c3d4e5f-00000004");
    expect(wallet.status).toBe(200);
    expect(layoutOf(wallet.html)).toBe("bare");
    const features = await render(request, "/features");
    expect(features.status).toBe(200);
    expect(features.route).toBe("page/content");
    expect(layoutOf(features.html)).toBe("default");
    expect(features.html).toContain('class="page page--');
    // Formerly rendered by the wallet route, as its 404 without header and footer.
    const shadowed = await render(request, "/features/amazon/payment");
    expect(shadowed.status).toBe(404);
    expect(layoutOf(shadowed.html)).toBe("default");
    expect(shadowed.html).toContain('class="site-header');
  });

  test("discover the same routes in the browser (/__manifest)", async ({ request }) => {
    const home = await render(request, "/");
    const version = /"version": ?"([^"]+)"/.exec(home.html)?.[1];
    expect(version).toBeTruthy();
    const discover = async (path: string) => {
      const query = new URLSearchParams({ p: path, version: version ?? "" });
      const response = await request.get(`/__manifest?${query}`);
      expect(response.status(), path).toBe(200);
      return Object.keys((await response.json()) as Record<string, unknown>);
    };
    expect(await discover("/features/search")).not.toContain("page/search");
    expect(await discover("/features/search")).toContain("page/content");
    expect(await discover("/de/features/amazon/payment")).not.toContain("page/de/amazon-payment");
    expect(await discover("/de/features/amazon/payment")).toContain("page/de/content");
    expect(await discover("/de/search")).toContain("page/de/search");
    expect(await discover("/zh/amazon/payment")).toContain("page/zh/amazon-payment");
  });
});
