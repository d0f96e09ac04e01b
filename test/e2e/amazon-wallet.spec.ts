import { STANDING_AMAZON_ORDER, routeWalletScript } from "./amazon-wallet";
import { expect, ready, test } from "./fixtures";

/**
 * The Amazon Pay wallet page with JS on and off: the bare layout, private answers, a clear
 * localized 404 for an order it cannot show, and without JS an explanation and the way back to
 * the checkout. (The wallet script request is aborted here: the JS-only spec pays.)
 */

test.describe("Amazon Pay wallet page", () => {
  test.beforeEach(async ({ page }) => {
    await routeWalletScript(page, "abort");
  });

  test("shows the order in the bare layout, privately", async ({ page, js }) => {
    const answer = await page.goto(`/amazon/payment?order=${STANDING_AMAZON_ORDER}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await ready(page, js);
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete your payment" }),
    ).toBeVisible();
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
    await expect(page.locator(".mini-banner")).toHaveCount(0);
    await expect(page.locator(".cookie-notice")).toHaveCount(0);
    await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex, nofollow");
    const summary = page.locator(".wallet__summary");
    await expect(summary).toContainText("1 month");
    await expect(summary).toContainText("d***@keynest.example");
    await expect(page.getByRole("link", { name: "Choose another payment method" })).toHaveAttribute(
      "href",
      "/order/checkout?plan=101",
    );
  });

  test("without JS explains that the wallet needs it; with JS it does not", async ({
    page,
    js,
  }) => {
    await page.goto(`/amazon/payment?order=${STANDING_AMAZON_ORDER}`);
    await ready(page, js);
    const explanation = page.getByText("Amazon Pay needs JavaScript.");
    if (js) {
      await expect(explanation).toHaveCount(0);
      await expect(page.locator(".wallet__pay")).toBeVisible();
    } else {
      await expect(explanation).toBeVisible();
      await expect(page.locator(".wallet__pay")).toHaveCount(0);
    }
  });

  test("the way out leads back to the checkout of the plan", async ({ page, js }) => {
    await page.goto(`/amazon/payment?order=${STANDING_AMAZON_ORDER}`);
    await ready(page, js);
    await page.getByRole("link", { name: "Choose another payment method" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=101$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  });

  test("the checkout sends an Amazon Pay buyer here", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("Amazon Pay").check();
    await page.getByRole("button", { name: "Pay $35.88" }).click();
    await expect(page).toHaveURL(
      /\/amazon\/payment\?order=102-[0-9a-f]{12}-[0-9a-f]{8}&key=[\w-]{22}$/,
    );
    await expect(page.locator(".wallet__summary")).toContainText("$35.88");
    await expect(page.locator(".site-header")).toHaveCount(0);
  });

  for (const [name, query] of [
    ["an unknown order", "?order=102-0a1b2c3d4e5f-ffffffff"],
    ["a malformed order", "?order=%3Cscript%3E"],
    ["no order", ""],
    ["an order paid another way", "?order=102-0a1b2c3d4e5f-00000002"],
  ]) {
    test(`${name}: a localized 404 with a way to the plans`, async ({ page, js }) => {
      const answer = await page.goto(`/fr/amazon/payment${query}`);
      expect(answer?.status()).toBe(404);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await ready(page, js);
      await expect(
        page.getByRole("heading", { level: 1, name: "Commande introuvable" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Voir tous les forfaits" })).toHaveAttribute(
        "href",
        "/fr/pricing",
      );
      await expect(page.locator(".site-header")).toHaveCount(0);
    });
  }
});
