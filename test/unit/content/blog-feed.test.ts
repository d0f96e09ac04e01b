import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { SaxesParser } from "saxes";
import type { MetaDescriptor } from "@remix-run/node";
import { getConfig } from "~/config/config.server";
import { contentMeta } from "~/page/ContentRoute";
import { BLOG_FEED_PATH } from "~/content/blog-feed";
import { FEED_MAX_ENTRIES, renderBlogFeed, type BlogFeedInput } from "~/content/blog-feed.server";
import { sharedPageCacheControl } from "~/http/cache-control";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, LANG_CODES, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { LANGUAGE_FILE_ROUTES } from "~/page-routes";
import type { Block } from "~/page/Blocks";
import type { PageSummary } from "~/upstream/coms.schemas";
import {
  BOT_UA,
  TEST_SITE_URL,
  loaderArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  upstreamUrl,
  SESSION,
} from "../support/remix";
import { blogFeedLoader, contentPageLoader, rootLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const ATOM = "http://www.w3.org/2005/Atom";
const XML_NS = "http://www.w3.org/XML/1998/namespace";

/** An element of a parsed document: namespace, local name, attributes by name, children, text. */
interface Node {
  uri: string;
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

/**
 * Parses a document with a strict, namespace-aware XML parser (saxes, the one jsdom uses): any
 * well-formedness or namespace error throws.
 */
function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | null = null;
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const attrs: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      attrs[attribute.uri === XML_NS ? `xml:${attribute.local}` : attribute.name] = attribute.value;
    }
    const node: Node = { uri: tag.uri, name: tag.local, attrs, children: [], text: "" };
    stack.at(-1)?.children.push(node);
    root ??= node;
    stack.push(node);
  });
  parser.on("text", (text) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  });
  parser.on("cdata", (text) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (!root) throw new Error("no document element");
  return root;
}

const all = (node: Node, name: string) =>
  node.children.filter((child) => child.uri === ATOM && child.name === name);
const one = (node: Node, name: string): Node => {
  const found = all(node, name);
  if (found.length !== 1) throw new Error(`${found.length} <${name}> in <${node.name}>`);
  return found[0]!;
};
const linkOf = (node: Node, rel: string) =>
  all(node, "link").find((link) => (link.attrs.rel ?? "alternate") === rel)?.attrs.href;

/** The text a `type="html"` title or summary stands for. */
const htmlText = (html: string) =>
  html.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const feedPath = (lang: LangCode) => localizePath(BLOG_FEED_PATH, lang);

function loadFeed(lang: LangCode, options: Parameters<typeof loaderArgs>[1] = {}) {
  return returned(blogFeedLoader(loaderArgs(feedPath(lang), options)));
}

/** The catch-all route's params for a URL path. */
function paramsFor(path: string) {
  const [, first = "", rest = ""] = /^\/([^/?]*)\/?([^?]*)/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.replace(/\?.*$/, "").slice(1) };
}

function findBlogList(blocks: Block[]): PageSummary[] | null {
  for (const block of blocks) {
    if (block.name === "blog-list") return block.data.posts?.items ?? [];
    const inner = findBlogList(block.children);
    if (inner) return inner;
  }
  return null;
}

/** Every post the blog index lists in a language, over all its pages, as absolute addresses. */
async function indexedPosts(lang: LangCode): Promise<Map<string, PageSummary>> {
  const posts = new Map<string, PageSummary>();
  for (let page = 1; ; page++) {
    const path = `${localizePath("/blog", lang)}${page > 1 ? `?page=${page}` : ""}`;
    const { data } = await returned(
      contentPageLoader(loaderArgs(path, { params: paramsFor(path) })),
    );
    for (const post of findBlogList(data.blocks) ?? []) {
      posts.set(`${TEST_SITE_URL}${localizePath(post.url, lang)}`, post);
    }
    if (page >= (data.paging?.pages ?? 1)) return posts;
  }
}

describe("the blog's Atom feed, in every language", () => {
  it("is served at /blog/feed.xml and under each language prefix", () => {
    expect(LANGUAGE_FILE_ROUTES.map((route) => `/${route.path}`)).toContain(BLOG_FEED_PATH);
    expect(LANG_CODES.map(feedPath)).toEqual([
      "/blog/feed.xml",
      ...LANG_CODES.slice(1).map((lang) => `/${lang}/blog/feed.xml`),
    ]);
  });

  it.each(LANG_CODES)("%s: holds every post of the blog index, newest first", async (lang) => {
    const { status, headers, body } = await loadFeed(lang);
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    // As long as a page is shared; it reads no cookie, so it varies on none.
    expect(headers.get("Cache-Control")).toBe(sharedPageCacheControl(getConfig().sharedPages));
    expect(headers.get("Vary")).toBeNull();
    expect(body).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>/);

    const feed = parseXml(body ?? "");
    expect([feed.uri, feed.name]).toEqual([ATOM, "feed"]);
    const iso = getLanguage(lang).iso;
    expect(feed.attrs["xml:lang"]).toBe(iso);
    const t = getT(lang);
    expect(one(feed, "title").text).toBe(t("blog.feedTitle", { brand: "KeyNest" }));
    expect(one(feed, "subtitle").text).toBe(t("blog.feedSubtitle", { brand: "KeyNest" }));
    if (lang !== "en") {
      expect(one(feed, "title").text).not.toBe(getT("en")("blog.feedTitle", { brand: "KeyNest" }));
    }
    const self = `${TEST_SITE_URL}${feedPath(lang)}`;
    expect(one(feed, "id").text).toBe(self);
    expect(linkOf(feed, "self")).toBe(self);
    expect(linkOf(feed, "alternate")).toBe(`${TEST_SITE_URL}${localizePath("/blog", lang)}`);
    expect(one(one(feed, "author"), "name").text).toBe("KeyNest");

    const expected = await indexedPosts(lang);
    expect(expected.size).toBeGreaterThan(9);
    const entries = all(feed, "entry");
    const links = entries.map((entry) => linkOf(entry, "alternate"));
    expect(new Set(links)).toEqual(new Set(expected.keys()));
    expect(links).toHaveLength(expected.size);

    const updated = entries.map((entry) => Date.parse(one(entry, "updated").text));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(one(feed, "updated").text).toBe(one(entries[0]!, "updated").text);

    for (const entry of entries) {
      const link = linkOf(entry, "alternate") ?? "";
      const post = expected.get(link)!;
      expect(link.startsWith(`${TEST_SITE_URL}/`), link).toBe(true);
      expect(one(entry, "id").text).toBe(link);
      expect(htmlText(one(entry, "title").text)).toBe(post.title);
      expect(htmlText(one(entry, "summary").text)).toBe(post.description);
      expect(one(entry, "published").text).toBe(new Date(post.date!).toISOString());
      expect(one(entry, "updated").text).toBe(new Date(post.date!).toISOString());
      expect(one(one(entry, "author"), "name").text).toBe(post.author);
      const image = all(entry, "link").find((l) => l.attrs.rel === "enclosure");
      expect(image?.attrs).toEqual({
        rel: "enclosure",
        href: new URL(post.image!.src, TEST_SITE_URL).href,
        type: "image/svg+xml",
      });
      // The sandbox's posts are English only: other languages list them marked as English,
      // as the blog index marks its cards.
      expect(entry.attrs["xml:lang"]).toBe(lang === "en" ? undefined : "en");
    }
  });

  it("is described in each language's own words", () => {
    const subtitles = LANG_CODES.map((lang) => getT(lang)("blog.feedSubtitle", { brand: "K" }));
    expect(new Set(subtitles).size).toBe(LANG_CODES.length);
    // Russian and Ukrainian both say "Блог K"; every other title is the language's own.
    const titles = LANG_CODES.map((lang) => getT(lang)("blog.feedTitle", { brand: "K" }));
    expect(new Set(titles).size).toBe(LANG_CODES.length - 1);
  });

  it("is the same for a visitor with a session, a crawler or a person", async () => {
    const anonymous = await loadFeed("de");
    const bot = await loadFeed("en", { headers: { "User-Agent": BOT_UA } });
    const signedIn = await loadFeed("de", {
      cookies: { [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }) },
    });
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers.get("Cache-Control")).toBe(anonymous.headers.get("Cache-Control"));
    expect(bot.headers.get("Cache-Control")).toBe(anonymous.headers.get("Cache-Control"));
  });

  it("asks the content service for the blog's posts in the feed's language", async () => {
    await loadFeed("fr");
    expect(upstream.calls("/coms/pages/children-by-url/")).toMatchObject([
      { query: { url: "/blog", lang: "fr" } },
    ]);
  });

  it.each([
    [500, 503],
    [503, 503],
    [429, 503],
    [504, 504],
  ])("answers an upstream %i as pages do (%i, never stored, no trace)", async (from, to) => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url/"), () =>
        HttpResponse.json({ message: "DOWN" }, { status: from }),
      ),
    );
    const { status, headers, body } = await loadFeed("de");
    expect(status).toBe(to);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe(to === 503 ? "30" : null);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(body).toMatch(/^(Service unavailable|Gateway timeout)\n$/);
    expect(body).not.toMatch(/DOWN|Error|at /);
  });

  it("answers an unreachable content service with a 503", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url/"), () => HttpResponse.error()),
    );
    const { status, headers } = await loadFeed("en");
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("is a plain 404 when the content service knows no blog", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/children-by-url/"), () =>
        HttpResponse.json({ message: "NOT_FOUND" }, { status: 404 }),
      ),
    );
    const { status, headers } = await loadFeed("es");
    expect(status).toBe(404);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });
});

describe("renderBlogFeed", () => {
  const ORIGIN = "https://www.keynest.test";
  const base: BlogFeedInput = {
    lang: "de",
    origin: ORIGIN,
    brand: "KeyNest",
    title: "Der KeyNest-Blog",
    subtitle: "Neuigkeiten",
    posts: [],
    now: Date.parse("2025-08-01T12:00:00Z"),
  };
  const post = (url: string, date: string | undefined, extra: Partial<PageSummary> = {}) => ({
    url,
    title: `Post ${url}`,
    description: "",
    ...(date ? { date } : {}),
    ...extra,
  });
  const render = (posts: PageSummary[], input: Partial<BlogFeedInput> = {}) =>
    parseXml(renderBlogFeed({ ...base, ...input, posts }));

  it("keeps texts as the service wrote them: escaped, on one line, without what XML cannot hold", () => {
    const feed = render([
      post("/blog/a", "2025-01-01", {
        title: "Tom & Jerry <script>alert(1)</script> ]]> end",
        description: "Line one\n\tline\u0000 two \u0007\uD800",
        author: "Ana <ana@example.com> & co",
      }),
    ]);
    const entry = one(feed, "entry");
    expect(htmlText(one(entry, "title").text)).toBe(
      "Tom & Jerry <script>alert(1)</script> ]]> end",
    );
    expect(one(entry, "title").text).not.toContain("<");
    expect(htmlText(one(entry, "summary").text)).toBe("Line one line two");
    expect(one(one(entry, "author"), "name").text).toBe("Ana <ana@example.com> & co");
  });

  it("lists dated site posts once each, newest first, the service's order among equal dates", () => {
    const feed = render([
      post("/blog/old", "2024-05-01"),
      post("/blog/undated", undefined),
      post("/blog/bad-date", "soon"),
      post("/blog/new-b", "2025-03-01"),
      post("/blog/new-a", "2025-03-01"),
      post("/de/blog/new-b", "2025-03-01"),
      post("https://elsewhere.example/blog/x", "2025-04-01"),
      post("//elsewhere.example/blog/y", "2025-04-01"),
      post("/blog/timed", "2025-02-01T08:30:00Z"),
    ]);
    expect(all(feed, "entry").map((entry) => linkOf(entry, "alternate"))).toEqual([
      `${ORIGIN}/de/blog/new-b`,
      `${ORIGIN}/de/blog/new-a`,
      `${ORIGIN}/de/blog/timed`,
      `${ORIGIN}/de/blog/old`,
    ]);
    expect(one(feed, "updated").text).toBe("2025-03-01T00:00:00.000Z");
  });

  it(`holds the newest ${FEED_MAX_ENTRIES} posts`, () => {
    const posts = Array.from({ length: FEED_MAX_ENTRIES + 5 }, (_, i) =>
      post(`/blog/p${i}`, new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10)),
    );
    const entries = all(render(posts), "entry");
    expect(entries).toHaveLength(FEED_MAX_ENTRIES);
    expect(linkOf(entries[0]!, "alternate")).toBe(`${ORIGIN}/de/blog/p${FEED_MAX_ENTRIES + 4}`);
  });

  it("is an empty feed, dated by the clock, when the blog has no post", () => {
    const feed = render([]);
    expect(all(feed, "entry")).toEqual([]);
    expect(one(feed, "updated").text).toBe("2025-08-01T12:00:00.000Z");
  });

  it("marks posts in another language than the feed's, and only those", () => {
    const feed = render([
      post("/blog/a", "2025-01-03", { lang: "de" }),
      post("/blog/b", "2025-01-02", { lang: "en" }),
      post("/blog/c", "2025-01-01"),
    ]);
    expect(feed.attrs["xml:lang"]).toBe("de");
    expect(all(feed, "entry").map((entry) => entry.attrs["xml:lang"])).toEqual([
      undefined,
      "en",
      undefined,
    ]);
    const japanese = render([post("/blog/a", "2025-01-01", { lang: "en" })], { lang: "jp" });
    expect(japanese.attrs["xml:lang"]).toBe("ja");
    expect(linkOf(one(japanese, "entry"), "alternate")).toBe(`${ORIGIN}/jp/blog/a`);
  });

  it("gives a post's picture with its media type, absolute, and leaves out what is no picture", () => {
    const image = (src: string) => ({ image: { src, description: "" } });
    const feed = render([
      post("/blog/a", "2025-01-06", image("/demo/a.JPG")),
      post("/blog/b", "2025-01-05", image("https://cdn.example/b.webp?v=2")),
      post("/blog/c", "2025-01-04", image("/demo/c.svg")),
      post("/blog/d", "2025-01-03", image("/demo/picture")),
      post("/blog/e", "2025-01-02", image("data:image/png;base64,AAAA")),
      post("/blog/f", "2025-01-01", image("javascript:alert(1).png")),
    ]);
    const enclosures = all(feed, "entry").map((entry) =>
      all(entry, "link")
        .filter((link) => link.attrs.rel === "enclosure")
        .map((link) => [link.attrs.href, link.attrs.type]),
    );
    expect(enclosures).toEqual([
      [[`${ORIGIN}/demo/a.JPG`, "image/jpeg"]],
      [["https://cdn.example/b.webp?v=2", "image/webp"]],
      [[`${ORIGIN}/demo/c.svg`, "image/svg+xml"]],
      [],
      [],
      [],
    ]);
  });

  it("gives entries without an author the feed's, and leaves out an empty summary", () => {
    const feed = render([post("/blog/a", "2025-01-01")]);
    const entry = one(feed, "entry");
    expect(all(entry, "author")).toEqual([]);
    expect(all(entry, "summary")).toEqual([]);
    expect(one(one(feed, "author"), "name").text).toBe("KeyNest");
  });
});

describe("the feed's link in the page head", () => {
  type Tag = Record<string, unknown>;

  async function metaOf(path: string): Promise<Tag[]> {
    const root = await returned(
      rootLoader(loaderArgs(path, { headers: { "User-Agent": BOT_UA } })),
    );
    const page = await returned(contentPageLoader(loaderArgs(path, { params: paramsFor(path) })));
    const matches = [
      { id: "root", data: root.data },
      { id: "page/content", data: page.data },
    ];
    const meta = contentMeta({ data: page.data, matches, params: {} } as never) as MetaDescriptor[];
    return meta as Tag[];
  }
  const feedLinks = (tags: Tag[]) => tags.filter((tag) => tag.type === "application/atom+xml");

  it.each([
    ["/blog", "en"],
    ["/blog?page=2", "en"],
    ["/de/blog", "de"],
    ["/de/blog?page=2", "de"],
    ["/blog/public-wifi-myths", "en"],
    ["/jp/blog/passkeys-explained", "jp"],
    ["/ua/blog/public-wifi-myths", "ua"],
    ["/zh/blog", "zh"],
  ] as const)("%s links the %s feed", async (path, lang) => {
    const links = feedLinks(await metaOf(path));
    expect(links).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: getT(lang)("blog.feedTitle", { brand: "KeyNest" }),
        href: `${TEST_SITE_URL}${feedPath(lang)}`,
      },
    ]);
  });

  it.each(["/features", "/de/features", "/help", "/de/pricing"])(
    "%s links no feed",
    async (path) => {
      const tags = await metaOf(path);
      expect(tags.length).toBeGreaterThan(3);
      expect(feedLinks(tags)).toEqual([]);
    },
  );
});
