import { describe, expect, it } from "vitest";
import { headTitle, hreflangCodes } from "../support/head";
import { http, HttpResponse } from "msw";
import { FAULT_CHILDREN_PATH } from "../../../mocks/faults";
import {
  TEST_SITE_URL,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  thrown,
  upstreamUrl,
} from "../support/remix";
import { contentPageLoader } from "../support/routes";
import type { Block, BlockOf } from "~/page/Blocks";
import { prepareBlocks } from "~/page/prepare.server";
import { glossaryLanguages, helpChildren } from "~/help/help.server";
import { pageName } from "~/page/page.server";

const upstream = setupSandboxUpstream();

function load(path: string) {
  return contentPageLoader(loaderArgs(path));
}

const serverError = () => HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });

function childrenList(blocks: Block[]): BlockOf<"children-list"> | undefined {
  return blocks.find((b): b is BlockOf<"children-list"> => b.name === "children-list");
}

/** The JSON-LD of a page's server-built markup, parsed. */
function jsonLd(html: string | undefined): unknown {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html ?? "");
  if (!match?.[1]) throw new Error("no JSON-LD");
  return JSON.parse(match[1]);
}

describe("help pages", () => {
  it.each([
    [
      "/help/manuals",
      [
        "/help/manuals/how-to-import-from-browsers",
        "/help/manuals/how-to-install",
        "/help/manuals/how-to-use-autofill",
      ],
    ],
    [
      "/help/use-cases",
      [
        "/help/use-cases/for-families",
        "/help/use-cases/for-small-business",
        "/help/use-cases/for-travelers",
      ],
    ],
    ["/help", ["/help/about-keynest", "/help/manuals", "/help/use-cases", "/help/glossary"]],
  ])("%s lists its child pages from the children call", async (path, urls) => {
    const { status, data } = await returned(load(path));
    expect(status).toBe(200);
    const list = childrenList(data.blocks);
    expect(list?.data.children.map((c) => c.url)).toEqual(urls);
    expect(list?.data.children.every((c) => c.title && c.description)).toBe(true);
    expect(upstream.calls("/coms/pages/children/")).toMatchObject([
      { query: { path, lang: "en" } },
    ]);
  });

  it("lists the children in the page's language under a prefix", async () => {
    const { data } = await returned(load("/de/help/manuals"));
    expect(data).toMatchObject({ lang: "de", fallback: false });
    expect(upstream.calls("/coms/pages/children/")).toMatchObject([
      { query: { path: "/help/manuals", lang: "de" } },
    ]);
    expect(childrenList(data.blocks)?.data.children).toHaveLength(3);
  });

  it("names the glossary in the help section's list in the page's language", async () => {
    const { data } = await returned(load("/de/help"));
    expect(childrenList(data.blocks)?.data.children.at(-1)).toEqual({
      url: "/help/glossary",
      title: "Glossar",
      description: expect.stringContaining("Passwort"),
    });
  });

  it.each(["/help/manuals", "/de/help/manuals"])(
    "%s stays up without its list when the children call fails",
    async (path) => {
      upstream.server.use(http.get(upstreamUrl("/coms/pages/children/"), serverError));
      const { status, data } = await returned(load(path));
      expect(status).toBe(200);
      expect(childrenList(data.blocks)?.data.children).toEqual([]);
      expect(data.html).toContain('aria-current="page"');
    },
  );

  it("keeps the sandbox's fault page up without its list", async () => {
    const { status, data } = await returned(load(FAULT_CHILDREN_PATH));
    expect(status).toBe(200);
    expect(childrenList(data.blocks)?.data.children).toEqual([]);
  });

  it("gives a manual breadcrumbs and a BreadcrumbList from SITE_URL", async () => {
    const { data } = await returned(
      contentPageLoader(
        loaderArgs("/help/manuals/how-to-install", {
          headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
        }),
      ),
    );
    expect(data.html).toContain('<nav class="breadcrumbs container" aria-label="Breadcrumb">');
    expect(data.html).toContain('<a href="/help/manuals">Manuals</a>');
    expect(data.html).toContain('<span aria-current="page">How to install KeyNest</span>');
    expect(data.html).not.toContain("evil.example");
    expect(jsonLd(data.html)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${TEST_SITE_URL}/` },
        { "@type": "ListItem", position: 2, name: "Help", item: `${TEST_SITE_URL}/help` },
        {
          "@type": "ListItem",
          position: 3,
          name: "Manuals",
          item: `${TEST_SITE_URL}/help/manuals`,
        },
        {
          "@type": "ListItem",
          position: 4,
          name: "How to install KeyNest",
          item: `${TEST_SITE_URL}/help/manuals/how-to-install`,
        },
      ],
    });
    expect(data.feedback).toMatchObject({ kind: "page" });
  });

  it("localizes the trail and prefixes its links under a language", async () => {
    const { data } = await returned(load("/de/help/use-cases/for-families"));
    expect(data.fallback).toBe(false);
    expect(data.html).toContain('<a href="/de">Startseite</a>');
    expect(data.html).toContain('<a href="/de/help">Hilfe</a>');
    expect(data.html).toContain('<a href="/de/help/use-cases">Anwendungsfälle</a>');
  });

  it("escapes a page title in the breadcrumbs and their JSON-LD", async () => {
    const page = upstream.store.page("en", "/help/manuals/how-to-install");
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/page/"), () =>
        HttpResponse.json({
          ...page?.data,
          components: [
            { name: "hero", data: { title: "</script><script>alert(1)</script>\u2028!" } },
          ],
        }),
      ),
    );
    const { data } = await returned(load("/help/manuals/how-to-install"));
    expect(data.html).not.toContain("<script>alert");
    expect(data.html).toContain("\\u003c/script\\u003e");
    const script = data.html?.slice(data.html.indexOf("<script"));
    expect(script).toContain("\\u2028!");
    expect(script).not.toContain("\u2028");
    expect(jsonLd(data.html)).toMatchObject({
      itemListElement: expect.arrayContaining([
        expect.objectContaining({ name: "</script><script>alert(1)</script>\u2028!" }),
      ]),
    });
  });

  it("shows no breadcrumbs outside the help section", async () => {
    const { data } = await returned(load("/features"));
    expect(data.html).toBeUndefined();
  });
});

describe("glossary page", () => {
  it("renders the glossary with a letter index, anchors and breadcrumbs", async () => {
    const { status, data, headers } = await returned(load("/help/glossary"));
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
    );
    expect(data).toMatchObject({ lang: "en", path: "/help/glossary", fallback: false });
    expect(headTitle(data.head)).toBe("KeyNest password security glossary");
    expect(hreflangCodes(data.head)).toEqual([
      "en",
      "jp",
      "ru",
      "tr",
      "fr",
      "de",
      "ua",
      "es",
      "zh",
    ]);
    const html = data.html ?? "";
    expect(html).toContain("<h1>KeyNest password security glossary</h1>");
    expect(html).toContain('<a href="#letter-a">A</a>');
    expect(html).toMatch(
      /<span class="glossary__letter--empty" aria-disabled="true"[^>]*>F<\/span>/,
    );
    expect(html).toContain('<section id="letter-a" class="glossary__group">');
    expect(html).toContain('<dt id="term-aes-256"><a href="#term-aes-256">AES-256</a></dt>');
    // Definitions are text: markup in them is escaped.
    expect(html).toContain("&lt;script&gt; element");
    expect(html).not.toContain("<script> element");
    expect(html).toContain('<span aria-current="page">Glossary</span>');
    expect(upstream.calls("/coms/pages/glossary-page/")[0]).toMatchObject({
      query: { lang: "en" },
    });
  });

  it("sorts German terms with German collation, umlauts under their letter", async () => {
    const { data } = await returned(load("/de/help/glossary"));
    expect(data).toMatchObject({ lang: "de", contentLang: "de", fallback: false });
    const html = data.html ?? "";
    const o = html.slice(html.indexOf('id="letter-o"'), html.indexOf('id="letter-p"'));
    expect(o).toContain("Öffentliches WLAN");
    expect(html.indexOf("Übernahme eines Kontos")).toBeLessThan(
      html.indexOf("Wiederherstellungscode"),
    );
    expect(html).toContain('<a href="/de/help">Hilfe</a>');
    expect(html).toContain('<span aria-current="page">Glossar</span>');
  });

  it("shows the English glossary under a language without one, as a fallback", async () => {
    // The service answers a language without a glossary with the English one.
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/glossary-page/"), ({ request }) =>
        new URL(request.url).searchParams.get("lang") === "fr"
          ? HttpResponse.json(upstream.store.extras.get("en:glossary") as object)
          : undefined,
      ),
    );
    const { data } = await returned(load("/fr/help/glossary"));
    expect(data).toMatchObject({ lang: "fr", contentLang: "en", fallback: true });
    expect(data.html).toContain('<h1 lang="en">');
    expect(data.html).toContain('<a href="/fr/help">Aide</a>');
  });

  it("is a 404 when the service has no glossary", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/glossary-page/"), () =>
        HttpResponse.json({ message: "NOT_FOUND" }, { status: 404 }),
      ),
    );
    expect((await thrown(load("/help/glossary"))).status).toBe(404);
  });

  it("is the error page (never a crash) when the glossary call fails", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/glossary-page/"), () => HttpResponse.error()),
    );
    const { status, headers } = await thrown(load("/help/glossary"));
    expect(status).toBe(503);
    expect(headers.get("Retry-After")).toBe("30");
  });
});

describe("help helpers", () => {
  it("glossaryLanguages: English and the languages with their own glossary", async () => {
    expect(await glossaryLanguages()).toEqual([
      "en",
      "jp",
      "ru",
      "tr",
      "fr",
      "de",
      "ua",
      "es",
      "zh",
    ]);
  });

  it.each([
    ["German fails", "de", ["en", "jp", "ru", "tr", "fr", "ua", "es", "zh"]],
    ["English fails", "en", []],
  ])("glossaryLanguages when %s", async (_, failing, expected) => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/glossary-page/"), ({ request }) =>
        new URL(request.url).searchParams.get("lang") === failing ? serverError() : undefined,
      ),
    );
    expect(await glossaryLanguages()).toEqual(expected);
  });

  it("a page is named by its first hero or post header, else its meta title", () => {
    const log = { warn: () => undefined };
    const hero = prepareBlocks([{ name: "hero", data: { title: "Hero title" } }], log);
    const text = prepareBlocks([{ name: "rich-text", data: { html: "<p>x</p>" } }], log);
    expect(pageName(hero, { title: "Meta" })).toBe("Hero title");
    expect(pageName(text, { title: "Meta" })).toBe("Meta");
    expect(pageName([], {})).toBeNull();
  });

  it("adds the glossary to /help's list only, once, keeping the same list for the same input", () => {
    const list = [{ url: "/help/manuals", title: "Manuals", description: "" }];
    const first = helpChildren("en", "/help", list);
    expect(first.map((item) => item.url)).toEqual(["/help/manuals", "/help/glossary"]);
    expect(helpChildren("en", "/help", list)).toBe(first);
    expect(helpChildren("de", "/help", list)[1]?.title).toBe("Glossar");
    expect(helpChildren("en", "/help/manuals", list)).toBe(list);
    const listed = [...list, { url: "/help/glossary", title: "G", description: "" }];
    expect(helpChildren("en", "/help", listed)).toBe(listed);
  });

  it("has no glossary behind a junk two-letter prefix (the request guard redirects those)", async () => {
    expect((await thrown(load("/xx/help/glossary"))).status).toBe(404);
  });
});
