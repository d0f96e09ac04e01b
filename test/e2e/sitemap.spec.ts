import { expect, test } from "./fixtures";

/** Attributes of every `<link>` in an HTML document (or `<xhtml:link>` in the sitemap). */
function links(markup: string, tag = "link"): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [
        (a[1] ?? "").toLowerCase(),
        (a[2] ?? "").replace(/&amp;/g, "&").replace(/&#38;/g, "&"),
      ]),
    ),
  );
}

function headLinks(html: string) {
  const all = links(html.split("</head>")[0] ?? "");
  return {
    canonical: all.filter((l) => l.rel === "canonical").map((l) => l.href),
    alternates: all
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => `${l.hreflang} ${l.href}`)
      .sort(),
  };
}

interface Entry {
  loc: string;
  alternates: string[];
}

function entries(xml: string): Entry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: (/<loc>([^<]*)<\/loc>/.exec(m[1] ?? "")?.[1] ?? "").replace(/&#38;/g, "&"),
    alternates: links(m[1] ?? "", "xhtml:link")
      .map((l) => `${l.hreflang} ${l.href}`)
      .sort(),
  }));
}

test.describe("sitemap.xml", () => {
  test("is cached XML of absolute URLs, excluding checkout, outcomes and search", async ({
    request,
    baseURL,
  }) => {
    const res = await request.get("/sitemap.xml", { headers: { Host: "evil.example" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    const xml = await res.text();
    expect(xml).not.toContain("evil.example");
    const list = entries(xml);
    expect(list.length).toBeGreaterThan(20);
    for (const entry of list) {
      expect(entry.loc.startsWith(`${baseURL}/`)).toBe(true);
      expect(entry.loc).not.toMatch(
        /\/(order|payment-success|payment-error|amazon|search|sandbox)\b/,
      );
      expect(entry.alternates.some((a) => a.startsWith("x-default "))).toBe(true);
    }
    const locs = list.map((e) => e.loc);
    expect(locs).toContain(`${baseURL}/de/features`);
    expect(locs).toContain(`${baseURL}/de/blog`);
    // Posts are written in English only: listed once, under no language.
    expect(locs).toContain(`${baseURL}/blog/passkeys-explained`);
    expect(locs).not.toContain(`${baseURL}/de/blog/passkeys-explained`);
  });

  test("agrees with every page it lists: canonical = loc, hreflang = alternates", async ({
    request,
  }) => {
    // Every listed page is rendered (a few hundred): four at a time, with the slow test's time.
    test.slow();
    const list = entries(await (await request.get("/sitemap.xml")).text());
    expect(list.length).toBeGreaterThan(100);
    const queue = [...list];
    const check = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const res = await request.get(entry.loc);
        expect(res.status(), entry.loc).toBe(200);
        const head = headLinks(await res.text());
        expect(head.canonical, entry.loc).toEqual([entry.loc]);
        expect(head.alternates, entry.loc).toEqual(entry.alternates);
      }
    };
    await Promise.all([check(), check(), check(), check()]);
  });
});

test.describe("language links of pages", () => {
  test("a fallback page (a post under /de) is canonical to English, not listed as German", async ({
    request,
    baseURL,
  }) => {
    const post = "/blog/passkeys-explained";
    const head = headLinks(await (await request.get(`/de${post}`)).text());
    expect(head.canonical).toEqual([`${baseURL}${post}`]);
    expect(head.alternates.some((a) => a.startsWith("de "))).toBe(false);
    expect(head.alternates).toContain(`x-default ${baseURL}${post}`);
  });

  test("a translation (/de/features) and its original list each other", async ({
    request,
    baseURL,
  }) => {
    const de = headLinks(await (await request.get("/de/features")).text());
    const en = headLinks(await (await request.get("/features")).text());
    expect(de.canonical).toEqual([`${baseURL}/de/features`]);
    expect(de.alternates).toContain(`de ${baseURL}/de/features`);
    expect(de.alternates).toContain(`en ${baseURL}/features`);
    expect(de.alternates).toContain(`x-default ${baseURL}/features`);
    expect(en.alternates).toEqual(de.alternates);
  });
});

test.describe("robots.txt", () => {
  test("names the sitemap and keeps crawlers off private pages", async ({ request, baseURL }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of [
      "/order/",
      "/payment-success",
      "/payment-error",
      "/amazon/",
      "/search",
      "/sandbox/",
      "/account",
      "/sign-in",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /de${path}`);
    }
  });
});
