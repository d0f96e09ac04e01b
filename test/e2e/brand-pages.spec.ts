/**
 * The brand and product pages of SPEC §2 render from the content service with their chrome rules:
 * the page's own hero heading and title, the landing layout (header and footer, no rewards banner,
 * no footer link groups) for /brand/*, the default layout elsewhere, nothing around the data usage
 * regulations. Run with JS on and off, at the clocked server where the rewards banner is inside
 * its window, so "no banner" means the rule hid it.
 */
import { ContentStore } from "../../mocks/content-store";
import { CLOCKED_URL, expect, ready, test } from "./fixtures";

const store = new ContentStore();

interface Expected {
  path: string;
  header: boolean;
  nav: boolean;
  banner: boolean;
  footerLinks: boolean;
  footer: boolean;
}

const landing = { header: true, nav: true, banner: false, footerLinks: false, footer: true };
const standard = { header: true, nav: true, banner: true, footerLinks: true, footer: true };

const PAGES: Expected[] = [
  { path: "/brand/get-password-manager", ...landing },
  { path: "/brand/secure-passwords", ...landing },
  { path: "/family", ...standard },
  { path: "/features", ...standard },
  { path: "/migration", ...standard },
  { path: "/security", ...standard },
  { path: "/password-manager-for-teams", ...standard },
  {
    path: "/docs-data-usage-regulations",
    header: false,
    nav: false,
    banner: false,
    footerLinks: false,
    footer: false,
  },
];

/** The hero heading the content service holds for a page, placeholders filled. */
function heroTitle(lang: "en" | "de", path: string): string {
  const page = store.page(lang, path) ?? store.page("en", path);
  expect(page, `${path} in the sandbox content`).toBeDefined();
  const data = page!.data as { components: { name: string; data: { title?: string } }[] };
  const hero = data.components[0];
  expect(hero?.name).toBe("hero");
  return hero?.data.title ?? "";
}

test.describe("brand and product pages", () => {
  test.use({ baseURL: CLOCKED_URL });

  for (const expected of PAGES) {
    test(`${expected.path} renders its content with its chrome`, async ({ page, js }) => {
      const response = await page.goto(expected.path);
      expect(response?.status()).toBe(200);
      await ready(page, js);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        heroTitle("en", expected.path),
      );
      await expect(page).toHaveTitle(/KeyNest/);
      await expect(page.locator(".site-header")).toHaveCount(expected.header ? 1 : 0);
      await expect(page.locator(".mini-banner")).toHaveCount(expected.banner ? 1 : 0);
      await expect(page.locator(".site-footer")).toHaveCount(expected.footer ? 1 : 0);
      expect((await page.locator(".footer-group").count()) > 0).toBe(expected.footerLinks);
    });
  }

  test("the German addresses keep the same rules", async ({ page }) => {
    const response = await page.goto("/de/brand/get-password-manager");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      heroTitle("de", "/brand/get-password-manager"),
    );
    await expect(page.locator(".mini-banner")).toHaveCount(0);
    await expect(page.locator(".footer-group")).toHaveCount(0);
    await page.goto("/de/docs-data-usage-regulations");
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
    await page.goto("/de/family");
    await expect(page.locator(".site-header nav").first()).toBeVisible();
    await expect(page.locator(".footer-group").first()).toBeAttached();
  });

  test("an unknown brand page is the content 404", async ({ page }) => {
    const response = await page.goto("/brand/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This page could not be found",
    );
  });
});
