import { expect, hostedMethod, ready, test } from "./fixtures";

/**
 * The purchase path (issue 9): /order/checkout?plan=… → the sandbox's payment page → the
 * outcome page with the order. Without JS the form posts and the server answers 303 to the
 * payment page; with JS it is checked first and then posted the same way.
 */

const ORDER_URL = /\/sandbox\/pay\?order=102-[0-9a-f]{12}-[0-9a-f]{8}$/;

test.describe("checkout", () => {
  test("buys a plan: pay in the sandbox, then the success page shows the order", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.locator(".checkout__summary")).toContainText("1 year");
    await expect(page.locator(".checkout__summary")).toContainText("$35.88");
    await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
    await expect(page.getByLabel("Credit or debit card")).toBeChecked();
    // Consent is asked, never assumed: the box waits for the buyer (decision 030).
    await expect(page.getByLabel("Send me news and special offers by e-mail")).not.toBeChecked();

    await page.getByRole("textbox", { name: "E-mail" }).fill("Dana.Miller@Example.com");
    await hostedMethod(page, js, "PayPal");
    await page.getByRole("button", { name: "Pay $35.88" }).click();

    await expect(page).toHaveURL(ORDER_URL);
    await expect(page.getByRole("heading", { name: "Sandbox payment" })).toBeVisible();
    await expect(page.locator("dl")).toContainText("$35.88");
    await expect(page.locator("dl")).toContainText("d***@example.com");
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    const order = page.locator(".order-summary");
    await expect(order).toContainText("Thank you! Your payment was received.");
    await expect(order).toContainText("1 year");
    await expect(order).toContainText("$35.88");
    await expect(order).toContainText("d***@example.com");
  });

  test("a failed payment ends on the error page, which says so", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("PayPal").check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(ORDER_URL);
    await expect(page.locator("dl")).toContainText("paypal");
    await page.getByRole("button", { name: "Fail" }).click();

    await expect(page).toHaveURL(/\/payment-error\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText("Your payment did not go through.");
  });

  test("refuses a missing e-mail beside the field and keeps the choices", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    // Nothing is called wrong before the buyer tries to pay.
    await expect(page.getByText("Enter your email")).toHaveCount(0);
    await page.getByLabel("Bitcoin").check();
    await page.getByLabel("Send me news and special offers by e-mail").check();
    await page.getByRole("button", { name: /^Pay / }).click();

    await expect(page.locator("#checkout-form-email-error")).toHaveText("Field is required");
    await expect(page.getByText("Enter your email")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Bitcoin")).toBeChecked();
    await expect(page.getByLabel("Send me news and special offers by e-mail")).toBeChecked();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102/);

    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.locator("#checkout-form-email-error")).toHaveText("Invalid email");
  });

  test("the German checkout is German and returns to German pages", async ({ page, js }) => {
    await page.goto("/de/order/checkout?plan=102");
    await ready(page, js);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
    await expect(page.getByText("30 Tage Geld-zurück-Garantie")).toBeVisible();
    await expect(page).toHaveTitle("Kasse | KeyNest");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Bezahlen Sie Ihr KeyNest-Abo sicher/,
    );
    await page.getByRole("textbox", { name: "E-Mail" }).fill("dana@example.com");
    await hostedMethod(page, js, "PayPal");
    await page.getByRole("button", { name: /bezahlen$/ }).click();
    await expect(page).toHaveURL(ORDER_URL);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/de\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText(
      "Vielen Dank! Ihre Zahlung ist eingegangen.",
    );
  });

  test("an unknown plan says so, localized, with a way back to the plans", async ({ page, js }) => {
    const answer = await page.goto("/fr/order/checkout?plan=999999");
    expect(answer?.status()).toBe(404);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await ready(page, js);
    await expect(page).toHaveTitle("Ce forfait n'est pas disponible | KeyNest");
    await expect(
      page.getByRole("heading", { level: 1, name: "Ce forfait n'est pas disponible" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Voir tous les forfaits" })).toHaveAttribute(
      "href",
      "/fr/pricing",
    );
    await expect(page.getByText("$")).toHaveCount(0);
  });

  test("a bonus code: WELCOME20 lowers the total and is paid with", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toBeHidden();
    await page.getByText("Have a bonus code?").click();
    await page.getByRole("textbox", { name: "Bonus code" }).fill("WELCOME20");
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page.getByText("Code WELCOME20 applied")).toBeVisible();
    const summary = page.locator(".checkout__summary");
    await expect(summary).toContainText("Discount (20%)");
    await expect(summary).toContainText("$7.18");
    await expect(page.locator(".checkout__total")).toHaveText("$28.70");
    await ready(page, js);

    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await hostedMethod(page, js, "PayPal");
    await page.getByRole("button", { name: "Pay $28.70" }).click();
    await expect(page).toHaveURL(ORDER_URL);
    await expect(page.locator("dl")).toContainText("$28.70");
  });

  test("a bonus code from the URL is applied, and can be removed", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102&code=WELCOME20");
    await ready(page, js);
    await expect(page.locator(".checkout__total")).toHaveText("$28.70");
    await page.getByRole("link", { name: "Remove code" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);
    await expect(page.locator(".checkout__total")).toHaveText("$35.88");
  });

  test("a refused or malformed bonus code says so and keeps the price", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await page.getByText("Have a bonus code?").click();
    const box = page.getByRole("textbox", { name: "Bonus code" });
    await box.fill("SUMMER2024");
    await page.getByRole("button", { name: "Apply" }).click();
    // A visitor who is not signed in has no account here: the refusal speaks of the order.
    await expect(page.locator("#bonus-code-error")).toHaveText(
      "This code cannot be used for this order. If it is tied to your account, sign in first.",
    );
    await expect(page.locator(".checkout__total")).toHaveText("$35.88");
    await ready(page, js);

    await page.getByRole("textbox", { name: "Bonus code" }).fill("X".repeat(80));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#bonus-code-error")).toHaveText(
      "The code is invalid! Please check it and try again.",
    );
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toHaveValue("X".repeat(80));
    await expect(page.locator(".checkout__total")).toHaveText("$35.88");
  });
});
