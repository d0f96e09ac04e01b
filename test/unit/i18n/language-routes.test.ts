import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { matchRoutes } from "@remix-run/react";
import { beforeAll, describe, expect, it } from "vitest";
import { languageRoutes, pageRouteId, type PageRoute } from "~/i18n/language-routes";
import { LANG_CODES, PREFIXED_LANG_CODES } from "~/i18n/languages";
import { LANGUAGE_FILE_ROUTES, PAGE_ROUTES } from "~/page-routes";

const APP = fileURLToPath(new URL("../../../app/", import.meta.url));

let config: RouteConfigEntry[];

beforeAll(async () => {
  // What the Remix plugin sets before it runs app/routes.ts (fs-routes reads it).
  Reflect.set(globalThis, "__remixAppDirectory", APP);
  config = await (await import("~/routes")).default;
});

/** Where a route answers: its path, with `index` marking the index route of that path. */
const where = (r: RouteConfigEntry) => `${r.path ?? ""}${r.index ? " (index)" : ""}`;

/** The id of the route that renders a URL path, as Remix's router would pick it. */
function routeFor(path: string): string | undefined {
  const objects = config.map((r) => ({ id: r.id, path: r.path, index: r.index }));
  return matchRoutes(objects, path)?.at(-1)?.route.id;
}

describe("languageRoutes", () => {
  const pages: PageRoute[] = [
    { name: "home", path: "", file: "home.tsx" },
    { name: "checkout", path: "order/checkout", file: "checkout.tsx" },
    { name: "content", path: "*", file: "content.tsx" },
  ];
  const routes = languageRoutes(pages);

  it("registers every page unprefixed and under each of the eight prefixes", () => {
    expect(PREFIXED_LANG_CODES).toHaveLength(LANG_CODES.length - 1);
    expect(routes).toHaveLength(pages.length * LANG_CODES.length);
    expect(routes.filter((r) => r.file === "checkout.tsx").map(where)).toEqual([
      "order/checkout",
      ...PREFIXED_LANG_CODES.map((lang) => `${lang}/order/checkout`),
    ]);
    expect(routes.filter((r) => r.file === "home.tsx").map(where)).toEqual([
      " (index)",
      ...PREFIXED_LANG_CODES.map((lang) => `${lang} (index)`),
    ]);
    expect(routes.filter((r) => r.file === "content.tsx").map(where)).toEqual([
      "*",
      ...PREFIXED_LANG_CODES.map((lang) => `${lang}/*`),
    ]);
  });

  it("names the variants page/<name> and page/<lang>/<name>", () => {
    expect(pageRouteId("search", "en")).toBe("page/search");
    expect(pageRouteId("search", "de")).toBe("page/de/search");
    expect(routes.filter((r) => r.file === "checkout.tsx").map((r) => r.id)).toEqual(
      LANG_CODES.map((lang) => pageRouteId("checkout", lang)),
    );
  });
});

describe("the route config (app/routes.ts)", () => {
  it("has every page route in all nine language variants", () => {
    for (const page of PAGE_ROUTES) {
      const variants = config.filter((r) => r.file === page.file);
      expect(
        variants.map((r) => r.id),
        page.name,
      ).toEqual(LANG_CODES.map((lang) => pageRouteId(page.name, lang)));
      const prefixed = PREFIXED_LANG_CODES.map((lang) =>
        page.path ? `${lang}/${page.path}` : `${lang} (index)`,
      );
      expect(variants.map(where), page.name).toEqual([page.path || " (index)", ...prefixed]);
    }
  });

  it("has every file served in every language in all nine variants, each with its module", () => {
    for (const file of LANGUAGE_FILE_ROUTES) {
      const variants = config.filter((r) => r.file === file.file);
      expect(variants.map((r) => r.id)).toEqual(
        LANG_CODES.map((lang) => pageRouteId(file.name, lang)),
      );
      expect(variants.map(where)).toEqual([
        file.path,
        ...PREFIXED_LANG_CODES.map((lang) => `${lang}/${file.path}`),
      ]);
      expect(existsSync(`${APP}${file.file}`), file.file).toBe(true);
    }
    const modules = readdirSync(`${APP}routes/files`).map((name) => `routes/files/${name}`);
    expect(LANGUAGE_FILE_ROUTES.map((r) => r.file).sort()).toEqual(modules.sort());
  });

  it("has unique route ids and unique paths", () => {
    const ids = config.map((r) => r.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = config.map(where);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("lets no route but the content catch-all match any first segment", () => {
    const open = config.filter((r) => {
      const first = (r.path ?? "").split("/")[0] ?? "";
      return first === "*" || first.startsWith(":") || first.includes("(") || first.endsWith("?");
    });
    expect(open.map((r) => r.id)).toEqual([pageRouteId("content", "en")]);
  });

  it("lists every module of app/routes/pages once, and no page is also a file-system route", () => {
    const modules = readdirSync(`${APP}routes/pages`).map((name) => `routes/pages/${name}`);
    expect(PAGE_ROUTES.map((p) => p.file).sort()).toEqual(modules.sort());
    for (const page of PAGE_ROUTES) expect(existsSync(`${APP}${page.file}`), page.file).toBe(true);
    const fileRoutes = config.filter((r) => !r.id?.startsWith("page/"));
    expect(fileRoutes.filter((r) => r.file.startsWith("routes/pages"))).toEqual([]);
  });

  it("keeps the routes that are no pages as file-system routes", () => {
    const fileRoutes = Object.fromEntries(
      config.filter((r) => !r.id?.startsWith("page/")).map((r) => [r.id, r.path]),
    );
    expect(fileRoutes).toEqual({
      "routes/[.]well-known.security[.]txt": ".well-known/security.txt",
      "routes/action.dismiss": "action/dismiss",
      "routes/action.logout": "action/logout",
      "routes/action.set-language": "action/set-language",
      "routes/action.vault": "action/vault",
      "routes/api.$provider.$": "api/:provider/*",
      "routes/cards.$": "cards/*",
      "routes/locales.$lng": "locales/:lng",
      "routes/payment-status": "payment-status",
      "routes/robots[.]txt": "robots.txt",
      "routes/site[.]webmanifest": "site.webmanifest",
      "routes/sitemap[.]xml": "sitemap.xml",
    });
  });

  it.each([
    ["/", "page/home"],
    ["/de", "page/de/home"],
    ["/search", "page/search"],
    ["/ua/search", "page/ua/search"],
    ["/amazon/payment", "page/amazon-payment"],
    ["/jp/amazon/payment", "page/jp/amazon-payment"],
    ["/features", "page/content"],
    ["/de/features", "page/de/content"],
    ["/features/search", "page/content"],
    ["/features/amazon/payment", "page/content"],
    ["/de/features/search", "page/de/content"],
    ["/xx/search", "page/content"],
    ["/search/amazon/payment", "page/content"],
    ["/robots.txt", "routes/robots[.]txt"],
    ["/sitemap.xml", "routes/sitemap[.]xml"],
    ["/de/sitemap.xml", "page/de/content"],
    ["/blog/feed.xml", "page/blog-feed"],
    ["/de/blog/feed.xml", "page/de/blog-feed"],
    ["/jp/blog/feed.xml", "page/jp/blog-feed"],
    ["/blog/feed", "page/content"],
    ["/blog/feed.xml/more", "page/content"],
    ["/de/blog/de/blog/feed.xml", "page/de/content"],
    ["/locales/de", "routes/locales.$lng"],
    ["/action/set-language", "routes/action.set-language"],
  ])("sends %s to %s", (path, id) => {
    expect(routeFor(path)).toBe(id);
  });
});
