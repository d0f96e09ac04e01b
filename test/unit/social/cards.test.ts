import { readFileSync } from "node:fs";
import { headCard } from "../support/head";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { LANG_CODES, type LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { cardFonts } from "~/social/card-fonts.server";
import { cardPath, cardSvg, cardVersion, parseCardPath } from "~/social/card.server";
import type { SocialCard } from "~/social/card-tags";
import { contentCard } from "~/page/page-card.server";
import { pageSchema } from "~/upstream/coms.schemas";
import type { LoadedPage } from "~/upstream/coms.server";
import {
  loaderArgs,
  returned,
  setupSandboxUpstream,
  TEST_SITE_URL,
  upstreamUrl,
} from "../support/remix";
import {
  cardLoader,
  checkoutLoader,
  contentPageLoader,
  cookiePolicyLoader,
  homeLoader,
  imprintLoader,
  searchLoader,
} from "../support/routes";

const upstream = setupSandboxUpstream();

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function paramsFor(url: string) {
  const path = url.replace(/\?.*$/, "");
  const [, first = "", rest = ""] = /^\/([^/]*)\/?(.*)$/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.slice(1) };
}

/** The card a page's loader names (content pages carry it, legal pages' tags hold it). */
async function pageCard(lang: LangCode, path: string): Promise<SocialCard> {
  const url = localizePath(path, lang);
  const args = loaderArgs(url, { params: paramsFor(url) });
  if (path === "/cookies" || path === "/imprint") {
    const loader = path === "/cookies" ? cookiePolicyLoader : imprintLoader;
    const { data } = await returned(loader(args));
    return headCard(data.head);
  }
  if (path === "/search" || path === "/order/checkout") {
    const loader = path === "/search" ? searchLoader : checkoutLoader;
    const { data } = await returned(loader(args));
    return (data as { card: SocialCard }).card;
  }
  const loader = path === "/" ? homeLoader : contentPageLoader;
  const { data } = await returned(loader(args));
  return headCard(data.head);
}

async function fetchCard(url: string, headers: Record<string, string> = {}) {
  const { pathname, search } = new URL(url);
  return cardLoader(loaderArgs(pathname + search, { headers })) as Promise<Response>;
}

/** A page of each kind: home, page, pricing, post, help, glossary, hub, legal, search, checkout. */
const KINDS = [
  "/",
  "/features",
  "/pricing",
  "/blog/passkeys-explained",
  "/help",
  "/help/glossary",
  "/downloads",
  "/cookies",
  "/imprint",
  "/search",
  "/order/checkout",
];

describe("social cards: every kind of page, in every language", () => {
  it.each(LANG_CODES)(
    "names a 1200×630 PNG for each kind of page in %s",
    async (lang) => {
      for (const path of KINDS) {
        const card = await pageCard(lang, path);
        expect(card.url, `${lang}${path}`).toMatch(
          new RegExp(
            `^${TEST_SITE_URL}${cardPath(lang, path).replace(/\./g, "\\.")}\\?v=[\\w-]{12}$`,
          ),
        );
        expect([card.width, card.height, card.type]).toEqual([1200, 630, "image/png"]);
        expect(card.alt.trim(), `${lang}${path}`).not.toBe("");
        const response = await fetchCard(card.url);
        expect(response.status, `${lang}${path}`).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("image/png");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      }
    },
    120_000,
  );
});

describe("the card route", () => {
  it("answers a card asked for without its version for a day, and its ETag with a 304", async () => {
    const response = await fetchCard(`${TEST_SITE_URL}/cards/de/pricing.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=3600,/);
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[\w-]{12}"$/);
    const again = await fetchCard(`${TEST_SITE_URL}/cards/de/pricing.png`, {
      "If-None-Match": etag,
    });
    expect(again.status).toBe(304);
  });

  it.each([
    "/cards/de/no-such-page.png",
    "/cards/xx/pricing.png",
    "/cards/de/pricing.jpg",
    "/cards/de/Pricing.png",
    "/cards/de//pricing.png",
    "/cards/de/pricing/.png",
    "/cards/de.png",
  ])("answers %s with a plain 404", async (path) => {
    const response = await fetchCard(`${TEST_SITE_URL}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("answers a failing content service with a 503 that is never stored", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/pages/page/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const response = await fetchCard(`${TEST_SITE_URL}/cards/fr/partners.png`);
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe("30");
  });
});

describe("card paths and versions", () => {
  it.each([
    ["en", "/", "/cards/en/index.png"],
    ["de", "/pricing", "/cards/de/pricing.png"],
    ["jp", "/blog/passkeys-explained", "/cards/jp/blog/passkeys-explained.png"],
  ] as const)("names %s %s's card %s, and reads it back", (lang, path, expected) => {
    expect(cardPath(lang, path)).toBe(expected);
    expect(parseCardPath(expected)).toEqual({ lang, path });
  });

  it("changes the version with any text and keeps it for the same one", () => {
    const brand = { name: "KeyNest", host: "www.keynest.example" };
    const text = { lang: "de" as const, title: "Preise", description: "Tarife" };
    expect(cardVersion(text, brand)).toBe(cardVersion({ ...text }, brand));
    expect(cardVersion({ ...text, title: "Preise!" }, brand)).not.toBe(cardVersion(text, brand));
    expect(cardVersion(text, { ...brand, name: "Other" })).not.toBe(cardVersion(text, brand));
  });
});

describe("card fonts", () => {
  it("draws Latin and Cyrillic with Inter alone", () => {
    const names = new Set(cardFonts(["Менеджер паролей", "Güvenlik"], "ru").map((f) => f.name));
    expect([...names]).toEqual(["Inter"]);
  });

  it("adds only the Japanese subsets a Japanese title needs, before the Chinese face", () => {
    const fonts = cardFonts(["パスワードマネージャーの料金"], "jp");
    const cjk = fonts.filter((f) => f.name !== "Inter").map((f) => f.name);
    expect(cjk.length).toBeGreaterThan(0);
    expect(cjk.length).toBeLessThan(20);
    expect(cjk.every((name) => name.startsWith("Noto Sans JP"))).toBe(true);
  });

  it("prefers the Chinese face for Chinese text", () => {
    const fonts = cardFonts(["密码管理器价格"], "zh");
    expect(fonts.find((f) => f.name !== "Inter")?.name).toMatch(/^Noto Sans SC/);
  });

  it.each([
    ["zh", "密码管理器价格：个人、家庭和团队方案，所有方案均包含无限密码、所有设备和加密共享"],
    ["jp", "パスワードマネージャーの料金プラン：個人、ファミリー、チームのためのすべてのプラン"],
    [
      "de",
      "Passkeys erklärt: Anmelden ohne Passwort und ohne Phishing-Risiko für Ihre ganze Familie",
    ],
  ] as const)("breaks a long %s title into lines inside the card", async (lang, title) => {
    const svg = await cardSvg(
      { lang, title },
      { name: "KeyNest", host: "www.keynest.example" },
      false,
    );
    // The title's runs: its font size is the largest on the card.
    const runs = [
      ...svg.matchAll(
        /<text x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)</g,
      ),
    ]
      .map(([, x, y, width, size, content]) => ({
        x: Number(x),
        y: Number(y),
        right: Number(x) + Number(width),
        size: Number(size),
        content,
      }))
      .filter((run) => run.size >= 46);
    expect(
      runs
        .map((run) => run.content)
        .join("")
        .replace(/\s/g, ""),
    ).toBe(title.replace(/\s/g, ""));
    const lines = new Set(runs.map((run) => Math.round(run.y)));
    expect(lines.size).toBeGreaterThanOrEqual(2);
    expect(lines.size).toBeLessThanOrEqual(3);
    // Every run starts inside the card's margins (80 px each side).
    for (const run of runs) expect(run.x).toBeGreaterThanOrEqual(79);
    for (const run of runs) expect(run.right).toBeLessThanOrEqual(1121);
  });
});

describe("a card the content service names", () => {
  const loaded = (src: string | undefined): LoadedPage => ({
    page: pageSchema.parse({
      components: [{ name: "hero", data: {} }],
      meta: { title: "Features | KeyNest", ...(src ? { og_image: { src } } : {}) },
    }),
    contentLang: "fr",
    fallback: false,
  });

  it.each([
    ["/demo/cards/features.png", `${TEST_SITE_URL}/demo/cards/features.png`],
    ["https://cdn.example/features.jpg", "https://cdn.example/features.jpg"],
  ])("wins when networks can show it (%s)", (src, expected) => {
    const card = contentCard("fr", "/features", loaded(src));
    expect(card).toEqual({ url: expected, alt: "Features" });
  });

  it.each(["/demo/og-default.svg", "javascript:alert(1)", ""])(
    "gives way to the drawn card when they cannot (%j)",
    (src) => {
      const card = contentCard("fr", "/features", loaded(src));
      expect(card.url).toMatch(new RegExp(`^${TEST_SITE_URL}/cards/fr/features\\.png\\?v=`));
      expect(card.type).toBe("image/png");
    },
  );
});

describe("the organization's logo (public/logo.png)", () => {
  it("is the favicon's shield drawn at 512 px, as resvg draws it today", () => {
    const svg = readFileSync(new URL("../../../public/favicon.svg", import.meta.url), "utf8");
    const drawn = new Resvg(svg, { fitTo: { mode: "width", value: 512 } }).render().asPng();
    const kept = readFileSync(new URL("../../../public/logo.png", import.meta.url));
    expect(pngSize(kept)).toEqual({ width: 512, height: 512 });
    // Redraw with: node -e "…new Resvg(svg, { fitTo: { mode: 'width', value: 512 } })…".
    expect(Buffer.compare(kept, drawn)).toBe(0);
  });
});
