import { randomInt } from "node:crypto";
import { expect, hostedMethod, ready, scriptsSettled, test } from "./fixtures";
import { ACCOUNTS, signedInCookie } from "./sign-in-session";

/**
 * Add-ons at the checkout (issue 9): a personal server or static IP is bought with a place,
 * preselected from the visitor's country (the sandbox's geo-ip places 198.51.100.0/24 in the
 * Netherlands and 192.0.2.0/24 in the United States), the server's traffic tiers switch plans,
 * /pricing shows testimonials, and a signed-in visitor's account is asked about upgrades.
 */

const NL = () => `198.51.100.${1 + randomInt(254)}`;
const US = () => `192.0.2.${1 + randomInt(254)}`;

test.describe("a personal server from the Netherlands", () => {
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  test.use({ clientIp: async ({}, use) => use(NL()) });

  test("is placed where the buyer chose, and the success page says where", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=501");
    await ready(page, js);
    const place = page.getByLabel("Server location");
    await expect(place).toHaveValue("nl-ams");
    await expect(page.getByText("Suggested for where you are now.")).toBeVisible();

    await place.selectOption({ label: "United States, Los Angeles" });
    if (js) await expect(page).toHaveURL(/[?&]region=us-lax/);
    await page.getByRole("textbox", { name: "E-mail" }).fill("sam@example.com");
    await hostedMethod(page, js);
    await page.getByRole("button", { name: "Pay $29.99" }).click();

    await expect(page).toHaveURL(/\/sandbox\/pay\?order=501-/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=501-/);
    const order = page.locator(".order-summary");
    await expect(order).toContainText("Thank you! Your payment was received.");
    await expect(order.locator(".order-summary__location")).toHaveText(
      "United States, Los Angeles",
    );
  });

  test("switches traffic tiers, keeping the place", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=501&region=gb-lon");
    await ready(page, js);
    const tiers = page.getByRole("group", { name: "Monthly traffic" });
    await expect(tiers.locator("[aria-current]")).toContainText("Unlimited");
    await expect(tiers).toContainText("$9.99");
    await tiers.getByRole("link", { name: /2 TB a month/ }).click();

    await expect(page).toHaveURL(/plan=503&region=gb-lon$/);
    await expect(page.locator(".checkout__total")).toHaveText("$14.99");
    await expect(page.locator(".purchase__plan")).toHaveText("Personal server, 2 TB a month");
    await expect(page.locator(".purchase__period")).toHaveText("1 month");
    await expect(tiers.locator("[aria-current]")).toContainText("2 TB a month");
    await expect(page.getByLabel("Server location")).toHaveValue("gb-lon");
  });

  test("refuses a place that is not sold, beside the field, and buys nothing", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=502");
    await ready(page, js);
    // React puts a controlled select back on its value whenever it renders the picker again (the
    // UI strings arriving, say), so the place is swapped once the page has settled, just before
    // the post.
    if (js) await scriptsSettled(page);
    await page.getByRole("textbox", { name: "E-mail" }).fill("sam@example.com");
    // A place that is no longer sold: the server refuses it.
    await page.getByLabel("Server location").evaluate((select: HTMLSelectElement) => {
      select.options[select.selectedIndex]!.value = "xx-gone";
    });
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(page.locator("#checkout-location-error")).toHaveText(
      "This location is not available. Please choose another one.",
    );
    await expect(page).toHaveURL(/\/order\/checkout\?plan=502/);
  });
});

test.describe("a static IP from the United States", () => {
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  test.use({ clientIp: async ({}, use) => use(US()) });

  test("is in the chosen country, and the success page says which", async ({ page, js }) => {
    await page.goto("/de/order/checkout?plan=602");
    await ready(page, js);
    const country = page.getByLabel("Land der statischen IP");
    await expect(country).toHaveValue("US");
    await country.selectOption("NL");
    if (js) await expect(page).toHaveURL(/[?&]ip_region=NL/);
    await page.getByRole("textbox", { name: "E-Mail" }).fill("sam@example.com");
    await hostedMethod(page, js);
    await page.getByRole("button", { name: /bezahlen$/ }).click();

    await expect(page).toHaveURL(/\/sandbox\/pay\?order=602-/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/de\/payment-success\?order=602-/);
    const order = page.locator(".order-summary");
    await expect(order).toContainText("Standort");
    await expect(order.locator(".order-summary__location")).toHaveText("Netherlands");
  });

  test("a reload keeps the country of the address", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=601&ip_region=SG");
    await ready(page, js);
    await expect(page.getByLabel("Static IP country")).toHaveValue("SG");
    await page.reload();
    await ready(page, js);
    await expect(page.getByLabel("Static IP country")).toHaveValue("SG");
  });
});

test.describe("testimonials", () => {
  test("/pricing shows the customers' comments with their ratings", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const block = page.locator("section.testimonials");
    await expect(block.getByRole("heading", { name: "What our customers say" })).toBeVisible();
    await expect(block.locator(".testimonial").first()).toBeVisible();
    await expect(block.getByRole("img", { name: /^Rated \d out of 5$/ }).first()).toBeVisible();
  });

  test("/de/pricing shows them in German", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    const block = page.locator("section.testimonials");
    await expect(block.getByRole("heading", { name: "Das sagen unsere Kunden" })).toBeVisible();
    await expect(block).toContainText("Maren K.");
    await expect(block.getByRole("img", { name: "Bewertet mit 5 von 5" }).first()).toBeVisible();
  });

  // The same customers in every language, each quoted in the page's language: no English stands in.
  for (const [lang, heading, quote, rated] of [
    [
      "es",
      "Lo que dicen nuestros clientes",
      "Pasé 400 accesos del navegador",
      "Valoración: 5 de 5",
    ],
    ["fr", "Ce que disent nos clients", "J’ai importé 400 identifiants", "Noté 5 sur 5"],
    ["jp", "お客様の声", "400 件のログイン情報", "5点中5点"],
    ["ru", "Что говорят наши клиенты", "перенесла в KeyNest 400 логинов", "Оценка 5 из 5"],
    ["tr", "Müşterilerimiz ne diyor", "Tarayıcıdaki 400 girişimi", "5 üzerinden 5 puan"],
    ["ua", "Що кажуть наші клієнти", "перенесла в KeyNest 400 логінів", "Оцінка 5 з 5"],
    ["zh", "客户评价", "400 个登录信息", "评分 5/5"],
  ] as const) {
    test(`/${lang}/pricing quotes the customers in its own language`, async ({ page, js }) => {
      await page.goto(`/${lang}/pricing`);
      await ready(page, js);
      const block = page.locator("section.testimonials");
      await expect(block.getByRole("heading", { name: heading })).toBeVisible();
      await expect(block).toContainText("Maren K.");
      await expect(block).toContainText(quote);
      await expect(block.getByRole("img", { name: rated }).first()).toBeVisible();
      await expect(block).not.toContainText("I moved 400 logins");
      await expect(block).not.toContainText("{brand}");
    });
  }
});

test.describe("signed-in visitors", () => {
  test("an account with lifetime is told so, and offered no pay button", async ({
    page,
    context,
    baseURL,
    js,
  }) => {
    // Signed in through the page's own context: the session cookie lands in its browser.
    await signedInCookie(context.request, baseURL!, ACCOUNTS.lifetime);
    const answer = await page.goto("/order/checkout?plan=102");
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "No upgrade needed" })).toBeVisible();
    await expect(page.getByText("Your account already has a lifetime plan")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  });

  test("an account that may upgrade buys the plan as an upgrade", async ({
    page,
    context,
    baseURL,
    js,
  }) => {
    await signedInCookie(context.request, baseURL!, ACCOUNTS.active);
    await page.goto("/order/checkout?plan=104");
    await ready(page, js);
    await expect(
      page.getByText("this plan will be added to your account as an upgrade"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
  });
});
