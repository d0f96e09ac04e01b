import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

// axe runs as a script in the page; the markup it checks is the server-rendered one either way.
for (const path of ["/help/glossary", "/de/help/glossary", "/de/help", "/help/manuals"]) {
  test(`${path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const report = results.violations.map(
      (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(report, report.join("\n")).toEqual([]);
  });
}

/** Script URLs a page loads (paths only), to compare pages' client code. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const urls = new Set<string>();
  const listen = (request: import("@playwright/test").Request) => {
    if (request.resourceType() === "script") urls.add(new URL(request.url()).pathname);
  };
  page.on("request", listen);
  await page.goto(path);
  await ready(page, true);
  await page.waitForLoadState("networkidle");
  page.off("request", listen);
  return [...urls].sort();
}

test("help pages and the glossary load no script beyond any content page's", async ({ page }) => {
  const features = await scriptsOf(page, "/features");
  for (const path of ["/help/glossary", "/help/manuals/how-to-install", "/help/manuals"]) {
    expect(await scriptsOf(page, path), path).toEqual(features);
  }
});

test("navigating in the browser brings the next page's breadcrumbs and BreadcrumbList", async ({
  page,
}) => {
  await page.goto("/help/manuals");
  await ready(page, true);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page
    .locator("section.children-list")
    .getByRole("link", { name: "How to use autofill in KeyNest" })
    .click();
  await expect(page).toHaveURL(/\/help\/manuals\/how-to-use-autofill$/);
  const nav = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(nav.locator('[aria-current="page"]')).toHaveText("How to use autofill");
  await expect(nav.locator("ol > li")).toHaveCount(4);
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const ld = JSON.parse((await scripts.textContent()) ?? "") as {
    itemListElement: { name: string }[];
  };
  expect(ld.itemListElement.map((item) => item.name)).toEqual([
    "Home",
    "Help",
    "Manuals",
    "How to use autofill",
  ]);
  // A client-side navigation: the document was not loaded again.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the glossary's letters jump within the hydrated page", async ({ page }) => {
  await page.goto("/help/glossary");
  await ready(page, true);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const index = page.getByRole("navigation", { name: "Glossary letters" });
  await index.getByRole("link", { name: "Z", exact: true }).click();
  await expect(page).toHaveURL(/#letter-z$/);
  await expect(page.locator("#letter-z h2")).toBeInViewport();
  await index.getByRole("link", { name: "A", exact: true }).click();
  await expect(page.locator("#term-aes-256")).toBeInViewport();
  // A disabled letter is no link: clicking it goes nowhere.
  await index.getByText("Q", { exact: true }).click();
  await expect(page).toHaveURL(/#letter-a$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the server-built markup hydrates without errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/help/glossary", "/de/help/manuals/how-to-install", "/help"]) {
    await page.goto(path);
    await ready(page, true);
  }
  expect(errors).toEqual([]);
});
