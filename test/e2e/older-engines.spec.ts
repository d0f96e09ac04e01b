import type { Page } from "@playwright/test";
import { bcdTargets, stripUnsupported } from "../support/oldest-engine-css";
import { expect, hostedMethod, ready, test } from "./fixtures";
import { answerCaptcha, EN, newsletter, reader } from "./newsletter-form";

/**
 * The oldest engines of the browser target (Chrome 109, Firefox ESR 115, Safari 16.4 —
 * docs/decisions/024) cannot be installed here. Their parsers drop what they cannot read, so this
 * suite shows Chromium the stylesheet as such an engine keeps it: every page's stylesheet goes
 * through `stripUnsupported` with the whole target (a feature any of them lacks is removed), and
 * the navigation, the forms and the checkout must still be there and work, JS on and off.
 */

const TARGETS = bcdTargets();

/** What the pages' CSS lost, recorded per test so a no-op simulation cannot pass unnoticed. */
type Stripped = { stylesheets: number; removedBytes: number };

async function asOldestEngine(page: Page, baseURL: string): Promise<Stripped> {
  const stripped: Stripped = { stylesheets: 0, removedBytes: 0 };
  const origin = new URL(baseURL).origin;
  // The stylesheet is one hashed file: it is fetched and stripped once per test, through the
  // context's own request client, whose answer outlives a navigation that cancels the request.
  const kept = new Map<
    string,
    Promise<{ status: number; headers: Record<string, string>; body: string }>
  >();
  const strip = async (url: string) => {
    const response = await page.context().request.get(url);
    const headers = { ...response.headers() };
    // The body is passed on decoded and re-measured.
    delete headers["content-length"];
    delete headers["content-encoding"];
    const css = await response.text();
    const body = stripUnsupported(css, TARGETS);
    stripped.removedBytes += css.length - body.length;
    return { status: response.status(), headers, body };
  };
  // Routing turns the browser's cache off, so every page's stylesheet comes through here.
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      if (route.request().resourceType() !== "stylesheet") return route.fallback();
      const url = route.request().url();
      if (!kept.has(url)) kept.set(url, strip(url));
      const answer = await kept.get(url)!;
      stripped.stylesheets++;
      return route.fulfill(answer);
    },
  );
  return stripped;
}

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

/**
 * Page kinds with their own layout, each with what must be on it and how many link lists its
 * footer has (pricing and the checkout show none).
 */
const PAGES: [string, string, number][] = [
  ["/", "h1", 4],
  ["/features", "h1", 4],
  ["/pricing", "#plans .plan:visible", 0],
  ["/blog", "h1", 4],
  ["/help", "h1", 4],
  ["/downloads", "h1", 4],
  ["/search?q=password", ".search-result", 4],
  ["/sign-in", "form input[type=password]", 4],
  ["/order/checkout?plan=102", ".checkout__summary", 0],
  ["/de/features", "h1", 4],
];

test.describe("with the stylesheet the oldest targeted engines keep", () => {
  let stripped: Stripped;
  test.beforeEach(async ({ page, baseURL }) => {
    stripped = await asOldestEngine(page, baseURL!);
  });
  test.afterEach(() => {
    // Each document's CSS went through the strip, and it removed something.
    expect(stripped.stylesheets).toBeGreaterThan(0);
    expect(stripped.removedBytes).toBeGreaterThan(0);
  });

  test("every kind of page shows its navigation, its content and the footer links at 1280 px", async ({
    page,
    js,
  }) => {
    // One page of every kind, one after another: near the default 30 s on a busy two-core machine.
    test.slow();
    await page.setViewportSize(DESKTOP);
    for (const [path, content, footerLists] of PAGES) {
      await page.goto(path);
      await ready(page, js);
      const nav = page.locator(".site-header nav.nav");
      await expect(nav, path).toBeVisible();
      await expect(nav.locator(".nav__link").first(), path).toBeVisible();
      await expect(page.locator(".site-header input[name=q]:visible"), path).toBeVisible();
      await expect(page.locator(".site-header .logo"), path).toBeVisible();
      await expect(page.locator(content).first(), path).toBeVisible();
      const lists = page.locator(".footer-group__list");
      await expect(lists, path).toHaveCount(footerLists);
      for (const list of await lists.all()) await expect(list, path).toBeVisible();
    }
  });

  test("at 375 px the menu opens and closes, and the footer groups fold", async ({ page, js }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/features");
    await ready(page, js);
    const nav = page.locator(".site-header .nav");
    await expect(nav).toBeHidden();
    await page.locator(".menu__toggle").click();
    await expect(nav).toBeVisible();
    await expect(page.locator(".site-header input[name=q]:visible")).toBeVisible();
    await page.locator(".menu__toggle").click();
    await expect(nav).toBeHidden();
    const help = page.locator(".footer-group--help");
    await expect(help.locator(".footer-group__list")).toBeHidden();
    await help.locator("summary").click();
    await expect(help.locator(".footer-group__list")).toBeVisible();
  });

  test("the header search and the newsletter form work", async ({ page, js }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".site-header input[name=q]:visible").fill("password");
    await page.locator(".site-header input[name=q]:visible").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=password/);
    await expect(page.locator(".search-result").first()).toBeVisible();

    await page.goto("/features");
    await ready(page, js);
    const form = newsletter(page);
    await form.email.fill(reader("older.engine"));
    await form.subscribe.click();
    if (js) await answerCaptcha(page, true);
    await expect(page.getByRole("dialog", { name: EN.thanks })).toBeVisible();
  });

  test("a plan is bought from pricing to the outcome page", async ({ page, js }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/pricing");
    await ready(page, js);
    // The yearly plans are shown first: one card's "Choose plan: Personal" link is visible.
    await page.locator("#plans").getByRole("link", { name: "Choose plan: Personal" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);
    await ready(page, js);
    await expect(page.locator(".checkout__summary .purchase__billing")).toHaveText(
      "$35.88 billed yearly",
    );
    await page.getByRole("textbox", { name: "E-mail" }).fill("older.engine@example.com");
    await hostedMethod(page, js, "PayPal");
    await page.getByRole("button", { name: "Pay $35.88" }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\?order=102-/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary .purchase__plan")).toHaveText("Personal");
  });
});
