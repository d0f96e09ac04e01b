/**
 * The site's own legal pages and the footer that leads to them: the cookie policy lists every
 * cookie the site sets (from the site's list), the legal notice ("Impressum" on the German site)
 * states the configured company, both in the page's language with their alternates, and the
 * footer links them with the policies and the brand's profiles under one heading style. JS on
 * and off.
 */
import { expect, test } from "./fixtures";

const COOKIE_NAMES = [
  "lang",
  "dismissed",
  "__session",
  "kn_device",
  "kn_flash",
  "kn_draft",
  "kn_fb",
];

test.describe("the cookie policy", () => {
  test("lists each cookie the site sets with its purpose, lifetime and who reads it", async ({
    page,
  }) => {
    const response = await page.goto("/cookies");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toMatch(/public/);
    await expect(page.locator("h1")).toHaveText("Cookie policy");
    const items = page.locator(".cookie-list__item");
    await expect(items).toHaveCount(COOKIE_NAMES.length);
    await expect(page.locator(".cookie-list__name")).toHaveText(COOKIE_NAMES);
    const draft = items.filter({ hasText: "kn_draft" });
    await expect(draft).toContainText("5 minutes");
    await expect(draft).toContainText("page scripts cannot read it");
    await expect(items.filter({ hasText: "kn_fb" })).toContainText("its own page scripts");
    await expect(items.filter({ hasText: "lang" }).first()).toContainText("1 year");
    await expect(page.locator(".legal-page a[href='/privacy']")).toHaveText("Privacy Policy");
  });

  test("reads natively in German and Japanese, with its lifetimes in the language", async ({
    page,
  }) => {
    await page.goto("/de/cookies");
    await expect(page.locator("h1")).toHaveText("Cookie-Richtlinie");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator(".cookie-list__item").filter({ hasText: "kn_draft" })).toContainText(
      "5 Minuten",
    );
    await expect(page.locator(".legal-page a[href='/de/privacy']")).toBeVisible();
    await page.goto("/jp/cookies");
    await expect(page.locator(".cookie-list__item").filter({ hasText: "kn_draft" })).toContainText(
      "5 分",
    );
    await expect(page.locator(".legal-page")).not.toContainText(/Kept for|Read by|minutes/);
  });

  test("names its nine languages as alternates and itself as canonical", async ({ page }) => {
    await page.goto("/fr/cookies");
    await expect(page.locator("link[rel=alternate][hreflang]")).toHaveCount(10);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/fr\/cookies$/);
    await expect(page).toHaveTitle(/Politique .*cookies \| KeyNest/);
  });
});

test.describe("the legal notice", () => {
  test("states who runs the site, in German as the Impressum", async ({ page }) => {
    const response = await page.goto("/de/imprint");
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText("Impressum");
    const facts = page.locator(".legal-facts");
    await expect(facts).toContainText("Orbitshield Ltd.");
    await expect(facts).toContainText("12 Harbour Lane, Port Avalon 1024");
    await expect(facts).toContainText("PA 204 816 377");
    await expect(facts).toContainText("Port Avalon Companies Registry, PA-204816");
    await expect(facts).toContainText("Dana Whitfield");
    await expect(facts.locator("a[href='mailto:support@keynest.example']")).toBeVisible();
    await expect(page.locator(".legal-page__note")).toBeVisible();
    await expect(page.locator(".legal-page")).not.toContainText(/Operator|Register entry|VAT ID/);
  });

  test("is in the sitemap in every language, beside the cookie policy", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/imprint", "/de/imprint", "/zh/imprint", "/cookies", "/ua/cookies"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
  });
});

test.describe("the footer", () => {
  test("links the policies, the cookie policy and the Impressum on the German site", async ({
    page,
  }) => {
    await page.goto("/de/features");
    const legal = page.locator(".site-footer__policies");
    await expect(legal.locator("a")).toHaveCount(4);
    await expect(legal.getByRole("link", { name: "Impressum" })).toHaveAttribute(
      "href",
      "/de/imprint",
    );
    await expect(legal.getByRole("link", { name: "Cookie-Richtlinie" })).toHaveAttribute(
      "href",
      "/de/cookies",
    );
    await legal.getByRole("link", { name: "Impressum" }).click();
    await expect(page).toHaveURL(/\/de\/imprint$/);
    await expect(page.locator("h1")).toHaveText("Impressum");
  });

  test("links the brand's profiles by their networks' names", async ({ page }) => {
    await page.goto("/");
    const social = page.locator(".site-footer__social");
    await expect(social.locator("h2")).toHaveText("Follow us");
    await expect(social.locator("a")).toHaveText(["Mastodon", "LinkedIn", "YouTube", "GitHub"]);
    await expect(social.locator("a").first()).toHaveAttribute("rel", "me noopener");
  });

  test("gives every column one heading style, each column's words on one grid", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    // The newsletter's, the four groups', the languages' and the profiles' headings.
    const headings = page.locator(".site-footer h2:visible");
    await expect(headings).toHaveCount(7);
    const styles = await headings.evaluateAll((nodes) =>
      nodes.map((node) => {
        const style = getComputedStyle(node);
        return [style.fontSize, style.fontWeight, style.textTransform, style.letterSpacing].join();
      }),
    );
    expect(new Set(styles).size).toBe(1);
    // The first language's words start where the languages' heading starts.
    const heading = await page.locator(".site-footer__languages h2").boundingBox();
    const first = await page
      .locator(".lang-list .lang-switch__option")
      .first()
      .evaluate((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect().left;
      });
    expect(Math.abs(first - (heading?.x ?? 0))).toBeLessThanOrEqual(1);
    // Each heading of the second row starts on a column line of the link groups' grid.
    const columns = await page
      .locator(".footer-group")
      .evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().left)));
    for (const selector of [".site-footer__languages h2", ".site-footer__social h2"]) {
      const box = await page.locator(selector).boundingBox();
      expect(columns).toContain(Math.round(box?.x ?? -1));
    }
  });
});
