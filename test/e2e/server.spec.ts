import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { inlineScriptSources } from "./csp-watch";
import { expect, test } from "./fixtures";

test.describe("server", () => {
  test("answers the health check", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("sends security headers and a CSP that names every inline script by its hash", async ({
    page,
  }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    const csp =
      headers["content-security-policy"] ?? headers["content-security-policy-report-only"];
    const html = await response!.text();
    // Every inline script, the loader data's too, is named; nothing carries a nonce.
    const sources = inlineScriptSources(html);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    const scriptSrc = /script-src ([^;]*)/.exec(csp ?? "")?.[1]?.split(" ") ?? [];
    for (const source of sources) expect(scriptSrc).toContain(source);
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(
      sources.length,
    );
    expect(csp).not.toContain("nonce");
    expect(/script-src ([^;]*)/.exec(csp ?? "")?.[1]).not.toContain("'unsafe-inline'");
    expect(html).not.toContain("nonce=");
  });

  test("links the one stylesheet and caches hashed assets for a year", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/");
    await expect(page.locator("style")).toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    // Remix drops its modulepreload links once the app has hydrated, so read the sent HTML (where
    // they are written inert until the first paint: other attributes stand before the href).
    const html = await response!.text();
    const script = /<link rel="modulepreload"[^>]*? href="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
    for (const href of [script!, stylesheet!]) {
      const asset = await request.get(href);
      expect(asset.status(), href).toBe(200);
      expect(asset.headers()["cache-control"], href).toContain("max-age=31536000");
      expect(asset.headers()["cache-control"], href).toContain("immutable");
    }
  });

  for (const path of ["/", "/blog/passkeys-explained", "/order/checkout?plan=102", "/nope-404"]) {
    test(`holds the first frame of ${path} until its visible content is parsed`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      const html = await response!.text();
      const head = html.slice(0, html.indexOf("<body"));
      const body = html.slice(head.length);
      const href = /<link rel="expect" href="#([\w-]+)" blocking="render"\/?>/.exec(head)?.[1];
      expect(href).toBe("page-end");
      // The marker follows everything the page shows and comes before every script, so the
      // loader data streamed after it never holds the frame back.
      const marker = body.indexOf(`<div id="${href}" hidden="">`);
      expect(marker).toBeGreaterThan(body.lastIndexOf("</main>"));
      expect(marker).toBeGreaterThan(body.lastIndexOf("</footer>"));
      expect(marker).toBeLessThan(body.indexOf("<script"));
      await expect(page.locator(`#${href}`)).toHaveCount(1);
      // Chromium knows the attribute (it is what blocks rendering) and the page was painted.
      const blocking = await page
        .locator('link[rel="expect"]')
        .evaluate((link) => (link as unknown as { blocking?: DOMTokenList }).blocking?.value);
      expect(blocking).toBe("render");
      // The paint entry is queued after the frame, which may come after the load event.
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length),
        )
        .toBe(1);
    });
  }

  test("fetches only the font files of the scripts a page shows", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/features", { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    // One variable file carries every weight of the Latin script: no Cyrillic or extended Latin.
    expect(fonts.length).toBeGreaterThan(0);
    expect(
      fonts.every((path) => /\/inter-latin-wght-(normal|italic)-[\w-]+\.woff2$/.test(path)),
    ).toBe(true);
    fonts.length = 0;
    await page.goto("/ru/features", { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.some((path) => path.includes("/inter-cyrillic-wght-normal-"))).toBe(true);
  });

  test("rejects redirects off the site from the language switcher", async ({
    request,
    baseURL,
  }) => {
    const response = await request.post("/action/set-language", {
      headers: { Origin: baseURL! },
      form: { lang: "de", to: "//evil.example/phish" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/de");
  });

  test("answers a request for something that is not a page in plain words (SPEC §8)", async ({
    request,
  }) => {
    const notPages = [
      "/assets/entry.client-missing.js",
      "/images/missing.png",
      "/missing.css",
      "/de/robots.txt",
      "/api/unknown",
      "/api/keynest/not-a-download/",
      "/locales/xx",
    ];
    for (const path of notPages) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()["content-type"], path).toBe("text/plain; charset=utf-8");
      expect(await answer.text(), path).toBe("The request URL was not found on this server");
    }
    // A page that does not exist is the site's 404 page — a slug with a dot in it too; the
    // files the routes write are there.
    for (const path of ["/no-such-page", "/blog/whats-new-3.5"]) {
      const page = await request.get(path);
      expect(page.status(), path).toBe(404);
      expect(page.headers()["content-type"], path).toMatch(/^text\/html/);
      expect(await page.text(), path).toContain("This page could not be found");
    }
    // The plain answer that also deletes a malformed cookie is this visitor's alone.
    const clearing = await request.get("/images/missing.png", {
      headers: { Cookie: "kn_flash=%E0" },
    });
    expect(clearing.status()).toBe(404);
    expect(clearing.headers()["set-cookie"]).toMatch(/^kn_flash=; Max-Age=0/);
    expect(clearing.headers()["cache-control"]).toBe("private, no-store");
    expect((await request.get("/images/missing.png")).headers()["cache-control"]).toBe(
      "public, max-age=60",
    );
    for (const path of ["/robots.txt", "/sitemap.xml", "/site.webmanifest", "/favicon.svg"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    expect((await request.get("/pricing.data")).status()).toBe(200);
  });

  test("says where to report a vulnerability: /.well-known/security.txt (RFC 9116)", async ({
    request,
    baseURL,
  }) => {
    const answer = await request.get("/.well-known/security.txt");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await answer.text();
    const fields = new Map(
      text
        .trim()
        .split("\n")
        .map((line) => line.split(": ", 2) as [string, string]),
    );
    expect(fields.get("Contact")).toBe("mailto:security@keynest.example");
    expect(Date.parse(fields.get("Expires")!)).toBeGreaterThan(Date.now());
    expect(fields.get("Policy")).toBe(`${baseURL}/security/disclosure`);
    expect(fields.get("Preferred-Languages")).toBe("en, ja, ru, tr, fr, de, uk, es, zh");
    expect(fields.get("Canonical")).toBe(`${baseURL}/.well-known/security.txt`);
    // Only at its own address: not under a language, not beside it.
    expect((await request.get("/de/.well-known/security.txt")).status()).toBe(404);
    expect((await request.get("/security.txt")).status()).toBe(404);
  });

  test("sends download links on to the current installer", async ({ request }) => {
    const response = await request.get("/api/orbitshield/keynest-download/?platform=windows", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(
      /^https:\/\/download\.orbitshield\.example\/.+\.exe$/,
    );
    const unknown = await request.get("/api/orbitshield/keynest-download/?platform=amiga", {
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);
    const other = await request.get("/api/orbitshield/auth/user-info/", { maxRedirects: 0 });
    expect(other.status()).toBe(404);
  });

  test("sends clean UTF-8 in every language (no NUL bytes, no broken characters)", async ({
    request,
  }) => {
    // A part of each page's title, in its own script and punctuation.
    const titles: [string, string][] = [
      ["/blog", "The KeyNest Blog — practical online security"],
      ["/ua", "Менеджер паролів KeyNest"],
      ["/jp/features", "KeyNest の機能 — 自動入力、パスワード生成"],
      ["/zh", "KeyNest 密码管理器 — 所有登录信息"],
      ["/ru/features", "Функции KeyNest — автозаполнение"],
      ["/tr", "tüm girişleriniz tek bir yerde, güvende"],
      ["/fr", "tous vos identifiants, en sécurité au même endroit"],
    ];
    for (const [path, title] of titles) {
      const response = await request.get(path, { headers: { Accept: "text/html" } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toBe("text/html; charset=utf-8");
      // Decoded strictly: a byte sequence that is not UTF-8 throws here.
      const body = new TextDecoder("utf-8", { fatal: true }).decode(await response.body());
      expect(body, path).toContain('<meta charSet="utf-8"/>');
      expect(/<title>([^<]*)<\/title>/.exec(body)?.[1], path).toContain(title);
      expect(body, path).not.toContain("\u0000");
      expect(body, path).not.toContain("\uFFFD");
    }
  });
});

test.describe("pages as shared caches get them", () => {
  const HTML = { Accept: "text/html" };
  test("sends an anonymous page as the same bytes and policy, gzipped or not", async ({
    request,
  }) => {
    const first = await request.get("/help", { headers: HTML });
    const gzipped = await request.get("/help", {
      headers: { ...HTML, "Accept-Encoding": "gzip" },
    });
    const plain = await request.get("/help", {
      headers: { ...HTML, "Accept-Encoding": "identity" },
    });
    expect(first.status()).toBe(200);
    for (const response of [gzipped, plain]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["vary"]).toMatch(/Accept-Encoding/i);
    }
    expect(gzipped.headers()["content-encoding"]).toBe("gzip");
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const policies = [first, gzipped, plain].map(
      (response) => response.headers()["content-security-policy"],
    );
    expect(new Set(policies).size).toBe(1);
    // The same page, byte for byte, for every visitor.
    const pages = await Promise.all([first, gzipped, plain].map((response) => response.text()));
    for (const source of inlineScriptSources(pages[0]!)) expect(policies[0]).toContain(source);
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).toBe(pages[0]);
  });

  test("sends a page in brotli or gzip with one validator, and a 304 to a client that has it", async ({
    request,
  }) => {
    const path = "/de/help/manuals?platform=store";
    const brotli = await request.get(path, { headers: { ...HTML, "Accept-Encoding": "br, gzip" } });
    const gzipped = await request.get(path, { headers: { ...HTML, "Accept-Encoding": "gzip" } });
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(gzipped.headers()["content-encoding"]).toBe("gzip");
    const tag = brotli.headers()["etag"];
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(gzipped.headers()["etag"]).toBe(tag);
    expect(await brotli.text()).toBe(await gzipped.text());
    // A client (or a shared cache revalidating) that has the page is told so, without the page.
    const again = await request.get(path, { headers: { ...HTML, "If-None-Match": tag! } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    expect(again.headers()["cache-control"]).toMatch(/^public, /);
  });

  test("compresses a rendered page to the same bytes as it sends plain", async ({ baseURL }) => {
    // A signed-in visitor's page is rendered for every request and compressed by the standard
    // middleware: brotli for a browser that takes it, else gzip.
    const fetchRaw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpGet(
          `${baseURL}/features`,
          { headers: { ...HTML, Cookie: "__session=anything", "Accept-Encoding": encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on("error", reject);
      });
    const brotli = await fetchRaw("gzip, deflate, br, zstd");
    const gzipped = await fetchRaw("gzip");
    const plain = await fetchRaw("identity");
    for (const response of [brotli, gzipped, plain]) {
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain('<link rel="stylesheet" href="/assets/');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);
    expect(gunzipSync(gzipped.body).toString()).toBe(page);
    // Far less than the page.
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
  });

  test("never lets a shared cache keep a signed-in visitor's page", async ({ request }) => {
    const signedIn = await request.get("/pricing", {
      headers: { ...HTML, Cookie: "__session=anything" },
    });
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  });

  test("keeps pages apart by the notices a visitor closed", async ({ request }) => {
    await request.get("/security", { headers: HTML });
    const closed = await request.get("/security", {
      headers: { ...HTML, Cookie: "dismissed=cookie" },
    });
    const open = await request.get("/security", { headers: HTML });
    expect(open.headers()["vary"]).toMatch(/Cookie/);
    expect(await open.text()).toContain('class="cookie-notice"');
    expect(await closed.text()).not.toContain('class="cookie-notice"');
  });
});
