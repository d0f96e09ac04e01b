/**
 * The site behind a plain shared cache (decision 004, app/http/cache-control.ts): Debian's nginx
 * in front of a built server, keeping only what the site's own headers allow
 * (test/support/shared-cache.ts: the default key, nothing overridden). Browsers, with JS and
 * without, talk to nginx alone: anonymous pages are kept and replayed byte for byte, answered
 * with 304 for a known ETag, revalidated with the site's 304 once old, served old while the site
 * is down; a signed-in visitor's pages, a language redirect and a form's result are never kept,
 * and no visitor ever gets another variant's copy. Replayed pages run their scripts under their
 * stored Content-Security-Policy.
 */
import type { Browser, BrowserContext, Response } from "@playwright/test";
import { freePort, startCompiledSite, type CompiledSite } from "../support/compiled-site";
import { startSharedCache, type SharedCache } from "../support/shared-cache";
import { violationsCaughtUp, watchPolicyViolations } from "./csp-watch";
import { expect, ready, scriptsSettled, test, visitorIp } from "./fixtures";
import { answerCaptcha, EN, newsletter, reader } from "./newsletter-form";
import { ACCOUNTS, E2E_SESSION_SECRET } from "./sign-in-session";
import { signIn } from "./sign-in-form";

interface Stack {
  site: CompiledSite;
  cache: SharedCache;
  /** The cache's address of a path: what the browsers open. */
  at(path: string): string;
  stop(): Promise<void>;
}

/**
 * A built server on a free port of its own and nginx in front of it on another; the site's
 * public origin (SITE_URL: canonical links, the Origin a form post must carry) is nginx's.
 */
async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const port = await freePort();
  const site = await startCompiledSite(
    {
      SANDBOX: "1",
      SESSION_SECRET: E2E_SESSION_SECRET,
      SITE_URL: `http://localhost:${port}`,
      // nginx adds the visitor's address to X-Forwarded-For; the site trusts it from loopback.
      TRUST_PROXY: "loopback",
      ...env,
    },
    { name: "site behind the cache" },
  );
  let cache: SharedCache;
  try {
    cache = await startSharedCache({ upstream: site.url, port });
  } catch (error) {
    await site.stop();
    throw error;
  }
  return {
    site,
    cache,
    at: (path) => `${cache.url}${path}`,
    async stop() {
      await cache.stop();
      await site.stop();
    },
  };
}

/** What the cache did with an answer (X-Cache-Status). */
const verdict = (response: Response | null) => response?.headers()["x-cache-status"];

/** The first answer of a navigation, before the redirects it followed. */
async function firstAnswer(response: Response | null): Promise<Response | null> {
  let request = response?.request() ?? null;
  while (request?.redirectedFrom()) request = request.redirectedFrom();
  return (await request?.response()) ?? null;
}

test.describe("behind a plain shared cache (nginx)", () => {
  test.describe.configure({ mode: "serial" });

  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack();
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  /**
   * A new visitor: a browser context of its own (an empty browser cache), with JS as the project
   * says, its own address, and the given cookies and language.
   */
  async function visitor(
    browser: Browser,
    js: boolean,
    { cookies = {}, locale = "en-US" }: { cookies?: Record<string, string>; locale?: string } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      javaScriptEnabled: js,
      locale,
      extraHTTPHeaders: { "X-Forwarded-For": visitorIp() },
    });
    const entries = Object.entries(cookies);
    if (entries.length > 0) {
      await context.addCookies(
        entries.map(([name, value]) => ({ name, value, url: stack.cache.url })),
      );
    }
    return context;
  }

  test("an anonymous page is kept: the repeat is a HIT of the same bytes and headers, and a known ETag gets 304", async ({
    request,
  }) => {
    const ask = (headers: Record<string, string> = {}) =>
      request.get(stack.at("/de/features"), {
        headers: { Accept: "text/html", "Accept-Language": "en", ...headers },
      });
    const first = await ask();
    expect(first.status()).toBe(200);
    expect(first.headers()["x-cache-status"]).toBe("MISS");
    const second = await ask();
    expect(second.status()).toBe(200);
    expect(second.headers()["x-cache-status"]).toBe("HIT");
    expect((await second.body()).equals(await first.body())).toBe(true);
    for (const header of ["content-security-policy", "cache-control", "vary", "etag"]) {
      expect(second.headers()[header], header).toBe(first.headers()[header]);
    }
    const etag = first.headers()["etag"]!;
    expect(etag).toMatch(/^W\/"/);
    // nginx answers the browser's revalidation from its copy (weak comparison).
    const known = await ask({ "If-None-Match": etag });
    expect(known.status()).toBe(304);
    expect(known.headers()["x-cache-status"]).toBe("HIT");
    expect(known.headers()["etag"]).toBe(etag);
    expect((await known.body()).length).toBe(0);
    // Another ETag: the whole page again.
    const other = await ask({ "If-None-Match": 'W/"something-else"' });
    expect(other.status()).toBe(200);
    expect((await other.body()).equals(await first.body())).toBe(true);
  });

  test("replayed pages run under their stored policy: hydration and a client navigation with JS, the page whole without, no CSP violation", async ({
    browser,
    js,
  }) => {
    // The first visitor fills the cache; the second gets the copy.
    const filler = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const filled = await (await filler.newPage()).goto(stack.at("/password-manager-for-teams"));
    expect(verdict(filled)).toBe("MISS");
    await filler.close();

    const context = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const page = await context.newPage();
    const violations = await watchPolicyViolations(page);
    const kept = await page.goto(stack.at("/password-manager-for-teams"));
    expect(verdict(kept)).toBe("HIT");
    await ready(page, js);
    await expect(page.locator("main h1")).toBeVisible();
    // The stylesheet applied (the stored policy allows the site's files): the header is laid out.
    expect(
      await page.locator(".site-header").evaluate((header) => getComputedStyle(header).display),
    ).not.toBe("inline");
    if (js) {
      await page.evaluate(
        () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
      );
    }
    await page.locator('.nav__list .nav__link[href="/pricing"]').first().click();
    await expect(page).toHaveURL(stack.at("/pricing"));
    await ready(page, js);
    await expect(page.locator("#plans")).toBeVisible();
    if (js) {
      // A client navigation: the same document, the route's data fetched through the cache.
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
    }
    // The page has loaded and its scripts have done what they do by themselves; then the watch
    // catches up with it.
    await page.waitForLoadState("load");
    if (js) await scriptsSettled(page);
    expect(await violationsCaughtUp(page, violations, js)).toEqual([]);
    await context.close();
  });

  test("a signed-in visitor's pages are never kept, and the next anonymous visitor gets no account chrome", async ({
    browser,
    js,
  }) => {
    const path = "/family";
    const anonymous = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    expect(verdict(await (await anonymous.newPage()).goto(stack.at(path)))).toBe("MISS");
    await anonymous.close();

    const member = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const page = await member.newPage();
    await page.goto(stack.at("/sign-in"));
    await signIn(page, js, ACCOUNTS.active);
    await expect(page).toHaveURL(stack.at("/account"));
    const account = await page.goto(stack.at("/account"));
    expect(account?.status()).toBe(200);
    expect(account?.headers()["cache-control"]).toBe("private, no-store");
    expect(verdict(account)).toBe("MISS");
    await expect(page.getByText(`Signed in as ${ACCOUNTS.active}`)).toBeVisible();
    for (let visit = 0; visit < 2; visit += 1) {
      const signedIn = await page.goto(stack.at(path));
      expect(signedIn?.headers()["cache-control"]).toBe("private, no-store");
      expect(verdict(signedIn)).toBe("MISS");
      await ready(page, js);
      await expect(page.locator(".site-header .header__status:visible")).toHaveText(/^3 months/);
    }
    await member.close();

    const next = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const nextPage = await next.newPage();
    const replayed = await nextPage.goto(stack.at(path));
    expect(verdict(replayed)).toBe("HIT");
    const html = (await replayed?.text()) ?? "";
    expect(html.includes(ACCOUNTS.active), "the account's address in the page").toBe(false);
    // The account's status in the header (its element, not only its class name).
    expect(html.includes('<span class="header__status">'), "the account's status").toBe(false);
    await expect(nextPage.locator(".header__signin:visible")).toBeVisible();
    await expect(nextPage.locator(".header__status")).toHaveCount(0);
    await next.close();
  });

  test("visitors who closed different notices never get each other's copy", async ({
    browser,
    js,
  }) => {
    const path = "/fr/pricing";
    const open = async (cookies: Record<string, string>) => {
      const context = await visitor(browser, js, { cookies });
      const page = await context.newPage();
      const response = await page.goto(stack.at(path));
      const notice = await page.locator(".cookie-notice").count();
      const html = (await response?.text()) ?? "";
      await context.close();
      return { status: verdict(response), notice, html };
    };
    const closed = await open({ dismissed: "cookie" });
    const open1 = await open({});
    expect(closed).toMatchObject({ status: "MISS", notice: 0 });
    // Another Cookie header: another variant, fetched from the site.
    expect(open1).toMatchObject({ status: "MISS", notice: 1 });
    const closed2 = await open({ dismissed: "cookie" });
    const open2 = await open({});
    expect(closed2).toMatchObject({ status: "HIT", notice: 0 });
    expect(open2).toMatchObject({ status: "HIT", notice: 1 });
    expect(closed2.html === closed.html, "the same bytes for the same variant").toBe(true);
    expect(open2.html === open1.html, "the same bytes for the same variant").toBe(true);
    expect(open2.html === closed2.html, "one copy for both variants").toBe(false);
  });

  test("on an unprefixed URL, visitors of other languages never get the English copy, nor it theirs", async ({
    browser,
    js,
  }) => {
    const path = "/downloads";
    const open = async (locale: string, cookies: Record<string, string> = {}) => {
      const context = await visitor(browser, js, {
        locale,
        cookies: { dismissed: "cookie", ...cookies },
      });
      const page = await context.newPage();
      const response = await page.goto(stack.at(path));
      const first = await firstAnswer(response);
      const lang = await page.locator("html").getAttribute("lang");
      const result = {
        url: new URL(page.url()).pathname,
        lang,
        first: {
          status: first?.status(),
          cache: verdict(first),
          cacheControl: first?.headers()["cache-control"],
        },
        final: verdict(response),
      };
      await context.close();
      return result;
    };
    const english = await open("en-US");
    expect(english).toMatchObject({ url: path, lang: "en", first: { status: 200, cache: "MISS" } });
    for (const german of [await open("de-DE"), await open("de-DE")]) {
      // The person is sent to their language, privately, every time: never a stored copy.
      expect(german).toMatchObject({
        url: `/de${path}`,
        lang: "de",
        first: { status: 302, cache: "MISS", cacheControl: "private, no-store" },
      });
    }
    // The language cookie says the same over an English browser.
    expect(await open("en-US", { lang: "fr" })).toMatchObject({
      url: `/fr${path}`,
      lang: "fr",
      first: { status: 302, cache: "MISS", cacheControl: "private, no-store" },
    });
    expect(await open("en-US")).toMatchObject({
      url: path,
      lang: "en",
      first: { status: 200, cache: "HIT" },
    });
  });

  test("a form posts through the cache and shows its result to its sender only", async ({
    browser,
    js,
  }) => {
    const path = "/help";
    const context = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const page = await context.newPage();
    await page.goto(stack.at(path));
    await ready(page, js);
    const form = newsletter(page);
    await form.email.fill(reader("shared-cache"));
    await form.subscribe.click();
    if (js) await answerCaptcha(page, true);
    const result = page.getByRole("dialog", { name: EN.thanks });
    await expect(result).toBeVisible();
    await context.close();

    // The next visitor gets the plain page (kept or fetched), never the result.
    const next = await visitor(browser, js, { cookies: { dismissed: "cookie" } });
    const nextPage = await next.newPage();
    const plain = await nextPage.goto(stack.at(path));
    expect(plain?.status()).toBe(200);
    await ready(nextPage, js);
    await expect(nextPage.getByRole("dialog", { name: EN.thanks })).toHaveCount(0);
    await next.close();
    // Posts are never kept.
    const posts = stack.cache.accessLog().filter((entry) => entry.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.cache, post.uri).not.toBe("HIT");
  });
});

test.describe("behind a plain shared cache (nginx), once pages are old", () => {
  test.describe.configure({ mode: "serial" });

  let stack: Stack;
  test.beforeAll(async () => {
    // Pages a shared cache may keep for a second only, so the test sees them go old.
    stack = await startStack({ PAGE_SHARED_MAX_AGE_SECONDS: "1" });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("an old page is served while nginx revalidates it (the site answers 304), and served old when the site is down; a page never kept is an error", async ({
    request,
  }) => {
    const ask = (path: string) =>
      request.get(stack.at(path), {
        headers: { Accept: "text/html", "Accept-Language": "en" },
        maxRedirects: 0,
      });
    const first = await ask("/features");
    expect(first.status()).toBe(200);
    expect(first.headers()["x-cache-status"]).toBe("MISS");
    const body = await first.body();

    // Once old, the copy is answered at once (STALE) while a background request revalidates it
    // with the stored ETag, and the site answers 304.
    await expect
      .poll(async () => (await ask("/features")).headers()["x-cache-status"], { timeout: 10_000 })
      .toBe("STALE");
    await expect
      .poll(
        () =>
          stack.cache
            .accessLog()
            .some(
              (entry) =>
                entry.uri === "/features" &&
                entry.cache === "REVALIDATED" &&
                entry.upstreamStatus === "304",
            ),
        { timeout: 5_000 },
      )
      .toBe(true);

    // The site goes down; once the revalidated copy is old again, it is what visitors get.
    await stack.site.stop();
    await expect
      .poll(async () => (await ask("/features")).headers()["x-cache-status"], { timeout: 10_000 })
      .toBe("STALE");
    const old = await ask("/features");
    expect(old.status()).toBe(200);
    expect(old.headers()["x-cache-status"]).toBe("STALE");
    expect((await old.body()).equals(body)).toBe(true);
    const never = await ask("/pricing");
    expect(never.status()).toBe(502);
    expect(never.headers()["x-cache-status"]).toBe("MISS");
    expect(stack.cache.errorLog()).toMatch(/connect\(\) failed \(111: Connection refused\)/);
  });
});
