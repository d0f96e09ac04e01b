import { describe, expect, it } from "vitest";
import { headTitle, hreflangCodes } from "../support/head";
import { http, HttpResponse } from "msw";
import {
  loaderArgs,
  returned,
  sessionCookie,
  thrown,
  upstreamUrl,
  setupSandboxUpstream,
  SESSION,
} from "../support/remix";
import { contentPageLoader, homeLoader } from "../support/routes";
import { rememberAnswer } from "~/forms/feedback";

const upstream = setupSandboxUpstream();

const PUBLIC_HTML =
  "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400";

/** The catch-all route's params for a URL path, as Remix matches `($lang).$`. */
function paramsFor(path: string) {
  const [, first = "", rest = ""] = /^\/([^/]*)\/?(.*)$/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.slice(1) };
}

function load(path: string, options: Parameters<typeof loaderArgs>[1] = {}) {
  return contentPageLoader(loaderArgs(path, { params: paramsFor(path), ...options }));
}

function titleOf(lang: "en" | "de", path: string): string {
  const title = upstream.store.page(lang, path)?.data.meta?.title;
  if (typeof title !== "string") throw new Error(`no ${lang} title for ${path} in the sandbox`);
  return title;
}

const serverError = () => HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });

describe("content page loader", () => {
  it("loads an English page with its blocks, meta and translations", async () => {
    const { status, data, headers } = await returned(load("/features"));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      lang: "en",
      path: "/features",
      contentLang: "en",
      fallback: false,
      layout: "default",
    });
    expect(headTitle(data.head)).toBe(titleOf("en", "/features"));
    expect(headTitle(data.head)).toBe("KeyNest features — autofill, generator, sharing and more");
    expect(data.blocks.length).toBeGreaterThan(0);
    expect(hreflangCodes(data.head)).toEqual(expect.arrayContaining(["en", "de", "jp"]));
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
    expect(headers.get("Vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(upstream.calls("/coms/pages/page/")).toMatchObject([{ query: { path: "/features" } }]);
  });

  it("loads the German page under /de, with the German title", async () => {
    const { data, headers } = await returned(load("/de/features"));
    expect(data).toMatchObject({
      lang: "de",
      path: "/features",
      contentLang: "de",
      fallback: false,
    });
    expect(headTitle(data.head)).toBe(titleOf("de", "/features"));
    expect(headTitle(data.head)).toMatch(/^KeyNest Funktionen/);
    // A prefixed URL never redirects, so it does not vary on Accept-Language.
    expect(headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(upstream.calls("/coms/pages/page/").map((c) => c.query.path)).toEqual(["/de/features"]);
  });

  it("serves the home page in English and German through the index route", async () => {
    const en = await returned(homeLoader(loaderArgs("/")));
    expect(headTitle(en.data.head)).toBe(titleOf("en", "/"));
    const de = await returned(homeLoader(loaderArgs("/de", { params: { lang: "de" } })));
    expect(de.data).toMatchObject({ lang: "de", contentLang: "de", fallback: false });
    expect(headTitle(de.data.head)).toBe(titleOf("de", "/"));
    expect(headTitle(de.data.head)).not.toBe(headTitle(en.data.head));
  });

  it("answers every page outside the blog in each language in that language, never with the English fallback", async () => {
    const paths = [...upstream.store.pages.values()]
      .filter((page) => page.lang === "en" && page.path !== "/")
      // Posts stay English under the notice; the sandbox's fault pages are test fixtures.
      .filter((page) => !/^\/(blog|sandbox)\//.test(page.path))
      .map((page) => page.path);
    expect(paths.length).toBeGreaterThan(40);
    const langs = ["de", "fr", "es", "ru", "ua", "tr", "jp", "zh"] as const;
    const fallbacks: string[] = [];
    for (const lang of langs) {
      for (const path of paths) {
        const { status, data } = await returned(load(`/${lang}${path}`));
        if (status !== 200 || data.fallback) fallbacks.push(`/${lang}${path} (${status})`);
      }
    }
    expect(fallbacks).toEqual([]);
  });

  it("shows the English page, marked as a fallback, when there is no translation (a blog post: posts stay English)", async () => {
    expect(upstream.store.page("de", "/blog/passkeys-explained")).toBeUndefined();
    const { status, data } = await returned(load("/de/blog/passkeys-explained"));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      lang: "de",
      path: "/blog/passkeys-explained",
      contentLang: "en",
      fallback: true,
    });
    expect(headTitle(data.head)).toBe(titleOf("en", "/blog/passkeys-explained"));
    expect(hreflangCodes(data.head)).toEqual(["en"]);
    // The prefixed path first, then once more without the prefix (SPEC §4).
    expect(upstream.calls("/coms/pages/page/").map((c) => c.query.path)).toEqual([
      "/de/blog/passkeys-explained",
      "/blog/passkeys-explained",
    ]);
  });

  it("answers 404 for an unknown path, with the page's cache headers", async () => {
    const { status, data, headers } = await thrown(load("/no-such-page"));
    expect(status).toBe(404);
    expect(data).toBeNull();
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
  });

  it("answers 404 for an unknown German path after trying English too", async () => {
    const { status } = await thrown(load("/de/no-such-page"));
    expect(status).toBe(404);
    expect(upstream.calls("/coms/pages/page/").map((c) => c.query.path)).toEqual([
      "/de/no-such-page",
      "/no-such-page",
    ]);
  });

  it("never serves a page under a junk two-letter prefix (the request guard redirects those)", async () => {
    for (const path of ["/xx/features", "/ja/features", "/de/zz/features"]) {
      expect((await thrown(load(path))).status).toBe(404);
    }
  });

  it("answers 503 with Retry-After, never stored, when the content service reports an error", async () => {
    upstream.server.use(http.get(upstreamUrl("/coms/pages/page/"), serverError));
    const { status, headers } = await thrown(load("/features"));
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe("30");
  });

  it("answers 503 for the sandbox's own failing page", async () => {
    const { status } = await thrown(load("/sandbox/fault"));
    expect(status).toBe(503);
  });

  it("answers 503, not a 404, when the page answer has no components at all", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/page/"), () =>
        HttpResponse.json({ hreflangLocales: [], settings: {} }),
      ),
    );
    const { status } = await thrown(load("/features"));
    expect(status).toBe(503);
  });

  it("answers 504 when the content service does not answer in time", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/page/"), () =>
        HttpResponse.json({ message: "GATEWAY_TIMEOUT" }, { status: 504 }),
      ),
    );
    const { status, headers } = await thrown(load("/features"));
    expect(status).toBe(504);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 with Retry-After when the content service cannot be reached", async () => {
    upstream.server.use(http.get(upstreamUrl("/coms/pages/page/"), () => HttpResponse.error()));
    const { status, headers } = await thrown(load("/de/features"));
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe("30");
  });

  it("answers 503 when the content service sends something that is not JSON", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/page/"), () => HttpResponse.text("<html>oops</html>")),
    );
    const { status } = await thrown(load("/features"));
    expect(status).toBe(503);
  });

  it("keeps the page when only a listing block's data fails", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url-pagination/"), serverError),
    );
    const { status, data } = await returned(load("/blog"));
    expect(status).toBe(200);
    const list = data.blocks.find((block) => block.name === "blog-list");
    expect(list?.data).toMatchObject({ posts: null });
  });

  it("asks for the page of a listing named by ?page=", async () => {
    const { data } = await returned(load("/blog?page=2"));
    expect(data.path).toBe("/blog");
    expect(upstream.calls("/coms/pages/children-by-url-pagination/")).toMatchObject([
      { query: { url: "/blog", lang: "en", page: "2", limit: "9" } },
    ]);
  });

  it("is private and never stored for a visitor with a session", async () => {
    const session = await sessionCookie({ authToken: "auth-1" });
    const { status, headers } = await returned(
      load("/features", { cookies: { [SESSION]: session } }),
    );
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Vary")).toBeNull();
  });

  it("keeps a 404 private for a visitor with a session", async () => {
    const { status, headers } = await thrown(
      load("/no-such-page", { cookies: { [SESSION]: "anything" } }),
    );
    expect(status).toBe(404);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("content page loader: the feedback panel", () => {
  const manual = "/help/manuals/how-to-install";

  it.each([
    [manual, { kind: "page" }],
    [`/de${manual}`, { kind: "page" }],
    ["/help/use-cases/for-families", { kind: "page" }],
    ["/downloads/windows", { kind: "download" }],
    ["/help", null],
    ["/downloads", null],
    ["/features", null],
  ])("gives %s the panel %j", async (path, feedback) => {
    const { data } = await returned(load(path));
    expect(data.feedback).toEqual(feedback);
  });

  it("gives a visitor who answered the panel the same page data, shareable", async () => {
    const cookies = { kn_fb: rememberAnswer(null, "page", manual) };
    const answered = await returned(load(`/de${manual}`, { cookies }));
    const fresh = await returned(load(`/de${manual}`));
    expect(answered.data).toEqual(fresh.data);
    expect(answered.data.feedback).toEqual({ kind: "page" });
    expect(answered.headers.get("Cache-Control")).toBe(PUBLIC_HTML);
  });
});

describe("password generator page", () => {
  type GeneratorBlock = { name: string; data: { generated?: { result: unknown } } };
  const generatorOf = (data: unknown) =>
    (data as { blocks: GeneratorBlock[] }).blocks.find((b) => b.name === "password-generator");

  it("renders no password on the plain page, which may be shared", async () => {
    const { status, data, headers } = await returned(load("/password-generator"));
    expect(status).toBe(200);
    expect(generatorOf(data)?.data.generated).toBeUndefined();
    expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
  });

  it.each([
    ["/password-generator?length=24&digits=1", /^[0-9]{24}$/],
    ["/de/password-generator?length=10&upper=1&similar=1", /^[A-HJ-KM-NP-Z]{10}$/],
  ])("answers %s with a password, private and never stored", async (path, pattern) => {
    const { status, data, headers } = await returned(load(path));
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const result = generatorOf(data)?.data.generated?.result as { password?: string };
    expect(result.password).toMatch(pattern);
  });

  it("gives a new password on each request", async () => {
    const path = "/password-generator?length=20&lower=1&upper=1&digits=1&symbols=1";
    const a = await returned(load(path));
    const b = await returned(load(path));
    const pw = (data: unknown) =>
      (generatorOf(data)?.data.generated?.result as { password?: string } | undefined)?.password;
    expect(pw(a.data)).toHaveLength(20);
    expect(pw(a.data)).not.toBe(pw(b.data));
  });
});
