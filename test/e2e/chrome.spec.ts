import { CLOCKED_URL, expect, ready, test } from "./fixtures";

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

test.describe("header at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  test("shows the navigation with dropdowns on hover and keyboard focus", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav).toBeVisible();
    await expect(page.locator(".menu__toggle")).toBeHidden();
    // The folded menu's toggles and trial button stay away; search and sign-in follow the links,
    // drawn once for both layouts.
    await expect(page.locator(".menu__trial")).toBeHidden();
    await expect(page.locator(".nav__summary").first()).toBeHidden();
    await expect(page.locator("#header-search")).toBeVisible();
    await expect(page.locator(".header-search")).toHaveCount(1);
    const lastLink = (await nav.locator(".nav__list > li").last().boundingBox())!;
    const search = (await page.locator("#header-search").boundingBox())!;
    expect(search.x).toBeGreaterThan(lastLink.x + lastLink.width);
    const features = nav.locator(".nav__item--has-submenu").first();
    const submenu = features.locator(".submenu");
    await expect(submenu).toBeHidden();
    await features.hover();
    await expect(submenu).toBeVisible();
    await page.mouse.move(5, 500);
    await expect(submenu).toBeHidden();
    await features.locator(".nav__link").focus();
    await expect(submenu).toBeVisible();
  });

  test("groups the downloads dropdown into four groups", async ({ page }) => {
    await page.goto("/");
    const downloads = page.locator(".nav__item--has-submenu").filter({ hasText: "Downloads" });
    await downloads.hover();
    await expect(downloads.locator(".submenu__section")).toHaveCount(4);
    await expect(downloads.locator('a[href="/downloads/windows"]')).toBeVisible();
    await expect(downloads.locator('a[href="/downloads/app"]')).toBeVisible();
  });

  test("links the logo home in the current language and Sign in to the web vault", async ({
    page,
  }) => {
    await page.goto("/de/features");
    await expect(page.locator("a.logo")).toHaveAttribute("href", "/de");
    const signIn = page.locator(".header__signin:visible");
    await expect(signIn).toHaveCount(1);
    await expect(signIn).toHaveAttribute("href", /^https:\/\/vault\./);
  });

  test("hides the navigation on /de/thank-you, keeping logo and language switch", async ({
    page,
  }) => {
    await page.goto("/de/thank-you");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vielen Dank!");
    await expect(page.getByRole("navigation", { name: /navigation/i })).toHaveCount(0);
    await expect(page.locator(".site-header a.logo")).toBeVisible();
    await expect(page.locator(".site-header .lang-switch")).toBeVisible();
  });

  test("keeps the navigation on /de/pricing (decision 027)", async ({ page }) => {
    await page.goto("/de/pricing");
    await expect(page.getByRole("navigation", { name: /navigation/i })).toHaveCount(1);
    await expect(page.locator(".site-header a.logo")).toBeVisible();
    await expect(page.locator(".site-header .lang-switch")).toBeVisible();
  });
});

test.describe("header at 375 px", () => {
  test.use({ viewport: MOBILE });

  test("collapses the navigation into a menu that opens and closes", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    const toggle = page.locator(".menu__toggle");
    const nav = page.locator(".site-header .nav");
    await expect(toggle).toBeVisible();
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(page.locator("#header-search")).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();
  });
});

test.describe("the folded menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens on search, the free trial and sign-in, over folded groups, within the window", async ({
    page,
    js,
  }) => {
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    const panel = page.locator(".menu__panel");
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844);
    // Every group is folded: its summary shows, its links do not.
    const folds = page.locator(".nav__fold");
    expect(await folds.count()).toBeGreaterThanOrEqual(3);
    for (const fold of await folds.all()) await expect(fold).not.toHaveAttribute("open");
    await expect(page.locator(".site-header .submenu").first()).toBeHidden();
    // Search, the trial and sign-in come before the links, on screen and in the tab order.
    const search = page.locator("#header-search");
    const trial = panel.getByRole("link", { name: "Start free trial" });
    const signIn = panel.getByRole("link", { name: "Sign in" });
    const firstGroup = page.locator(".nav__summary").first();
    for (const item of [search, trial, signIn]) {
      await expect(item).toBeVisible();
      expect((await item.boundingBox())!.y).toBeLessThan((await firstGroup.boundingBox())!.y);
    }
    await expect(trial).toHaveAttribute("href", "/order/checkout?plan=109");
    await expect(signIn).toHaveAttribute("href", /^https:\/\/vault\./);
    // A group opens in place; its links work.
    await firstGroup.click();
    const generator = panel.getByRole("link", { name: "Password generator" });
    await expect(generator).toBeVisible();
    await generator.click();
    await expect(page).toHaveURL(/\/password-generator$/);
  });

  test("in German, the trial leads to the German checkout", async ({ page, js }) => {
    await page.goto("/de/features");
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    const panel = page.locator(".menu__panel");
    await expect(panel.getByRole("link", { name: "Kostenlos testen" })).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=109",
    );
  });

  test("closes on a click beside it, which reaches nothing behind it", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    await expect(page.locator(".menu__panel")).toBeVisible();
    await page.mouse.click(195, 820);
    await expect(page.locator(".menu__panel")).toBeHidden();
    await expect(page.locator(".menu__fold")).not.toHaveAttribute("open");
    await expect(page).toHaveURL(/\/features$/);
  });

  test("holds the page still behind it while open", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    await page.mouse.move(195, 820);
    await page.mouse.wheel(0, 800);
    // A frame drawn after the wheel: a page that scrolls has moved in it (JS on or off).
    await page.screenshot();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.locator(".menu__toggle").click();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test.describe("rewards banner", () => {
  test("is not shown outside its window (today)", async ({ page }) => {
    await page.goto("/features");
    await expect(page.locator(".mini-banner")).toHaveCount(0);
  });

  test.describe("inside its window", () => {
    test.use({ baseURL: CLOCKED_URL });

    test("is shown on /features and hidden on /pricing", async ({ page }) => {
      await page.goto("/features");
      await expect(page.locator(".mini-banner")).toBeVisible();
      await page.goto("/pricing");
      await expect(page.locator(".mini-banner")).toHaveCount(0);
      await page.goto("/de/pricing");
      await expect(page.locator(".mini-banner")).toHaveCount(0);
      await page.goto("/");
      await expect(page.locator(".mini-banner")).toHaveCount(0);
    });

    test("stays closed once dismissed", async ({ page, js }) => {
      await page.goto("/features");
      await ready(page, js);
      await page.locator(".mini-banner__close").click();
      await expect(page.locator(".mini-banner")).toHaveCount(0);
      await page.goto("/security");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".mini-banner")).toHaveCount(0);
    });

    test("the copyright year follows the server's clock", async ({ page }) => {
      await page.goto("/features");
      await expect(page.locator(".site-footer__legal")).toContainText("© 2025");
    });
  });
});

test.describe("footer", () => {
  test("shows the current year and the postal address", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".site-footer__legal")).toContainText(
      `© ${new Date().getUTCFullYear()}`,
    );
    await expect(page.locator(".site-footer address")).toContainText(/\S+/);
  });

  test("shows the four link groups as open lists at 1280 px", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await expect(page.locator(".footer-group")).toHaveCount(4);
    const lists = page.locator(".footer-group__list");
    await expect(lists).toHaveCount(4);
    for (const list of await lists.all()) await expect(list).toBeVisible();
  });

  test("folds the groups into accordions at 700 px", async ({ page, js }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto("/");
    await ready(page, js);
    const group = page.locator(".footer-group--help");
    await expect(group.locator(".footer-group__list")).toBeHidden();
    await group.locator("summary").click();
    await expect(group.locator(".footer-group__list")).toBeVisible();
    await group.locator("summary").click();
    await expect(group.locator(".footer-group__list")).toBeHidden();
  });

  test("hides the link groups on pricing and when a platform is given", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator(".footer-group")).toHaveCount(0);
    await page.goto("/features?platform=ios");
    await expect(page.locator(".footer-group")).toHaveCount(0);
    await expect(page.locator(".site-footer__legal")).toBeVisible();
  });

  test("is not shown at all on the data usage regulations", async ({ page }) => {
    await page.goto("/docs-data-usage-regulations");
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
  });

  test("and header and banner are all absent on the wallet payment page", async ({ page }) => {
    await page.goto(`${CLOCKED_URL}/amazon/payment?order=101-0a1b2c3d4e5f-00000004`);
    await expect(page.locator("h1")).toHaveText("Complete your payment");
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
    await expect(page.locator(".mini-banner")).toHaveCount(0);
  });

  test("is minimal in the payment layout", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.locator(".site-footer--minimal")).toBeVisible();
    await expect(page.locator(".footer-group")).toHaveCount(0);
    await expect(page.locator(".site-footer address")).toBeVisible();
  });
});

test.describe("cookie notice", () => {
  test.use({ cookieNoticeDismissed: false });

  test("is shown until accepted, then never again", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    const notice = page.locator(".cookie-notice");
    await expect(notice).toBeVisible();
    await notice.getByRole("button").click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.locator(".cookie-notice")).toHaveCount(0);
  });
});

test.describe("error modal", () => {
  test("reports a failed search with a way to contact support", async ({ page, js }) => {
    await page.goto("/search?q=sandbox%3Afault");
    await ready(page, js);
    const dialog = page.getByRole("dialog", { name: "Something went wrong" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Something went wrong. Please try again later.");
    await expect(dialog.getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      /^mailto:support@/,
    );
    if (js) await page.keyboard.press("Escape");
    else await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("#search-q")).toBeVisible();
  });
});

test.describe("error pages", () => {
  test("an unknown page is a 404 with a way home", async ({ page }) => {
    const response = await page.goto("/de/gibt-es-nicht");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Diese Seite wurde nicht gefunden");
    // It names the address that has nothing (never "undefined URL")…
    await expect(page.locator(".error-page__path")).toHaveText("/de/gibt-es-nicht");
    await expect(page.locator(".error-page")).not.toContainText("undefin");
    // …and offers the site's search, the pages most visitors want, and the way home.
    await expect(page.locator(".error-page__search")).toHaveAttribute("action", "/de/search");
    const popular = page.locator(".popular-pages a");
    await expect(popular).toHaveCount(4);
    await expect(popular.first()).toHaveAttribute("href", "/de/features");
    await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toHaveAttribute(
      "href",
      "/de",
    );
  });

  test("a failing content service is a 503 with the generic error page, no stack trace", async ({
    page,
  }) => {
    const response = await page.goto("/sandbox/fault");
    expect(response?.status()).toBe(503);
    await expect(page.locator("h1")).toHaveText("Ooops! Something went wrong!");
    await expect(page.locator("body")).not.toContainText(/at .*\.(js|ts):\d+/);
  });

  test("a malformed URL gets the generic error page too", async ({ request }) => {
    const response = await request.get("/%E0%A4%A");
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Ooops! Something went wrong!");
    expect(html).not.toMatch(/at .*node_modules/);
  });
});

test.describe("screenshots", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ] as const) {
    test(`of the home page at ${viewport.width} px`, async ({ page, js }, info) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await ready(page, js);
      await expect(page.locator("h1").first()).toBeVisible();
      // Bring every lazy image in, so the picture shows the whole page as a visitor sees it.
      await page.locator(".site-footer").scrollIntoViewIfNeeded();
      const images = page.locator("main img");
      expect(await images.count()).toBeGreaterThan(0);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      const path = info.outputPath(`home-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await info.attach(`home-${name}`, { path, contentType: "image/png" });
    });
  }
});
