import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { answerCaptcha, reader } from "./newsletter-form";

/**
 * The order flow's newsletter modal (SPEC §2, issue 25): with JS, a buyer who left the marketing
 * box unticked is offered the newsletter once on the outcome page; one who ticked it is not asked
 * again. (Without JS nothing is offered: the checkout's checkbox is the way in.)
 */

async function buy(page: Page, consent: boolean) {
  await page.goto("/order/checkout?plan=102");
  await ready(page, true);
  await page.getByRole("textbox", { name: "E-mail" }).fill("buyer@example.com");
  const box = page.getByLabel("Send me news and special offers by e-mail");
  await expect(box).not.toBeChecked();
  if (consent) await box.check();
  await page.getByLabel("PayPal").check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\?order=102-/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=102-/);
  await ready(page, true);
}

test.describe("the newsletter offer after an order", () => {
  test("a buyer who did not subscribe at checkout is offered it once, and can subscribe", async ({
    page,
  }) => {
    await buy(page, false);
    const offer = page.getByRole("dialog", { name: "Stay one step ahead" });
    await expect(offer).toBeVisible();
    await offer.getByRole("textbox").fill(reader("offer"));
    await offer.getByRole("button", { name: "Subscribe" }).click();
    await answerCaptcha(page, true);
    const thanks = page.getByRole("dialog", { name: "Thank you for subscribing!" });
    await expect(thanks).toBeVisible();
    await thanks.getByRole("button", { name: "Close" }).click();
    await expect(thanks).toBeHidden();

    // Answered for good: the next order's page does not ask again.
    await buy(page, false);
    await expect(page.locator(".order-summary")).toContainText("Thank you!");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a buyer who ticked the box is not asked again", async ({ page }) => {
    await buy(page, true);
    await expect(page.locator(".order-summary")).toContainText("Thank you!");
    await expect(page.getByRole("dialog", { name: "Stay one step ahead" })).toBeHidden();
  });

  test("closing the offer answers it: it does not come back", async ({ page }) => {
    await buy(page, false);
    const offer = page.getByRole("dialog", { name: "Stay one step ahead" });
    await offer.getByRole("button", { name: "Close" }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await ready(page, true);
    await expect(page.getByRole("dialog", { name: "Stay one step ahead" })).toBeHidden();
  });
});
