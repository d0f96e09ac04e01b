import { AxeBuilder } from "@axe-core/playwright";
import { STANDING_AMAZON_ORDER, routeWalletScript } from "./amazon-wallet";
import { expect, ready, test } from "./fixtures";

/**
 * Paying with Amazon Pay (issue 9): checkout → the wallet page, whose wallet script is requested
 * no sooner than 1700 ms after the preparatory step → the wallet's callback posts its token →
 * the outcome page. The script is a stand-in served by the test; an aborted script request is
 * 'Failed to load amazon' with the way back to the checkout.
 */

/** The wallet page as the checkout sends the buyer there: their own link, signed (`key`). */
const WALLET_URL = /\/amazon\/payment\?order=102-[0-9a-f]{12}-[0-9a-f]{8}&key=[\w-]{22}$/;

async function checkoutWithAmazon(page: import("@playwright/test").Page, prefix = "") {
  await page.goto(`${prefix}/order/checkout?plan=102`);
  await ready(page, true);
  await page.getByRole("textbox", { name: /^E-Ma/i }).fill("dana@example.com");
  await page.getByLabel("Amazon Pay").check();
  await page.getByRole("button", { name: /\$35\.88/ }).click();
  await expect(page).toHaveURL(WALLET_URL);
}

test.describe("Amazon Pay wallet", () => {
  test("checkout with Amazon Pay → wallet (script after 1700 ms) → pay → paid order", async ({
    page,
  }) => {
    const seen = await routeWalletScript(page);
    await checkoutWithAmazon(page);
    await ready(page, true);
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete your payment" }),
    ).toBeVisible();
    const summary = page.locator(".wallet__summary");
    await expect(summary).toContainText("1 year");
    await expect(summary).toContainText("$35.88");
    await expect(summary).toContainText("d***@example.com");

    const pay = page.getByRole("button", { name: "Amazon Pay stand-in" });
    await expect(pay).toBeVisible({ timeout: 10_000 });
    expect(seen.scriptAt).toHaveLength(1);
    expect(seen.documentAt).toBeGreaterThan(0);
    expect((seen.scriptAt[0] ?? 0) - seen.documentAt).toBeGreaterThanOrEqual(1700);
    await expect(page.locator(".wallet__pay")).toHaveAttribute("data-wallet-state", "ready");
    // The script loaded from a host the policy names, and the button got the order's session.
    await expect(page.locator('script[src*="checkout.js"]')).toHaveCount(1);
    const options = await page.evaluate(
      () =>
        (window as unknown as { walletStandInOptions: Record<string, unknown> })
          .walletStandInOptions,
    );
    expect(options).toMatchObject({
      checkoutLanguage: "en_US",
      estimatedOrderAmount: { amount: "35.88", currencyCode: "USD" },
    });

    await pay.click();
    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    const order = page.locator(".order-summary");
    await expect(order).toContainText("Thank you! Your payment was received.");
    await expect(order).toContainText("$35.88");
  });

  test("a payment the wallet declines ends on the error page", async ({ page }) => {
    await routeWalletScript(page);
    await page.addInitScript(() => {
      (window as unknown as { walletStandInToken: string }).walletStandInToken = "decline-1";
    });
    await checkoutWithAmazon(page);
    await page.getByRole("button", { name: "Amazon Pay stand-in" }).click({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/payment-error\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText("Your payment did not go through.");
  });

  test("a script that cannot load is 'Failed to load amazon', and the way out works", async ({
    page,
  }) => {
    const seen = await routeWalletScript(page, "abort");
    await checkoutWithAmazon(page);
    await ready(page, true);
    await expect(page.getByRole("alert")).toContainText("Failed to load amazon", {
      timeout: 10_000,
    });
    expect(seen.scriptAt).toHaveLength(1);
    await expect(page.locator(".wallet__pay")).toHaveAttribute("data-wallet-state", "failed");
    await page.getByRole("link", { name: "Choose another payment method" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.locator(".checkout__summary")).toContainText("$35.88");
  });

  test("the German wallet page is German and returns to German pages", async ({ page }) => {
    await routeWalletScript(page);
    await page.goto("/de/order/checkout?plan=102");
    await ready(page, true);
    await page.getByRole("textbox", { name: "E-Mail" }).fill("dana@example.com");
    await page.getByLabel("Amazon Pay").check();
    await page.getByRole("button", { name: /bezahlen$/ }).click();
    await expect(page).toHaveURL(/\/de\/amazon\/payment\?order=102-/);
    await ready(page, true);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(
      page.getByRole("heading", { level: 1, name: "Zahlung abschließen" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Andere Zahlungsart wählen" })).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=102",
    );
    await page.getByRole("button", { name: "Amazon Pay stand-in" }).click({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/de\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText(
      "Vielen Dank! Ihre Zahlung ist eingegangen.",
    );
  });

  test("the German failure is German too", async ({ page }) => {
    await routeWalletScript(page, "abort");
    await page.goto("/de/order/checkout?plan=102");
    await ready(page, true);
    await page.getByRole("textbox", { name: "E-Mail" }).fill("dana@example.com");
    await page.getByLabel("Amazon Pay").check();
    await page.getByRole("button", { name: /bezahlen$/ }).click();
    await expect(page.getByRole("alert")).toContainText("Amazon Pay konnte nicht geladen werden", {
      timeout: 10_000,
    });
  });

  for (const mode of ["stand-in", "abort"] as const) {
    test(`the wallet page (${mode === "abort" ? "failed" : "ready"}) has no WCAG violations`, async ({
      page,
    }) => {
      await routeWalletScript(page, mode);
      await page.goto(`/amazon/payment?order=${STANDING_AMAZON_ORDER}`);
      await ready(page, true);
      await expect(page.locator(".wallet__pay")).toHaveAttribute(
        "data-wallet-state",
        mode === "abort" ? "failed" : "ready",
        { timeout: 10_000 },
      );
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
