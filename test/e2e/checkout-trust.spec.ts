import { expect, ready, test } from "./fixtures";

/**
 * What the checkout shows a buyer before they do anything — the order, the methods as marked
 * tiles, the safe-payment lines, the bonus code folded away, and no error of any kind — and that
 * trying to pay with nothing filled in tells them, in their language, what is missing. JS on and
 * off.
 */
test.describe("the checkout before and after a first try", () => {
  test("nothing is called wrong before the buyer tries to pay", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const main = page.locator("main");
    await expect(main.getByRole("alert")).toHaveCount(0);
    await expect(main.locator(".field__error")).toHaveCount(0);
    await expect(main.locator("[aria-invalid=true]")).toHaveCount(0);
    await expect(page.getByText("Enter your email")).toHaveCount(0);
    await expect(page.getByText(/cannot be|invalid|required/i)).toHaveCount(0);
    // Still nothing once the e-mail was visited and left empty.
    await page.getByRole("textbox", { name: "E-mail" }).focus();
    await page.getByRole("checkbox").first().focus();
    await expect(main.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("Enter your email")).toHaveCount(0);
  });

  test("the order and total come first, the bonus code is folded below them", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const order = page.locator(".checkout__order");
    await expect(order.getByRole("heading", { name: "Order summary" })).toBeVisible();
    await expect(order.locator(".checkout__total")).toHaveText("$35.88");
    const toggle = order.getByText("Have a bonus code?");
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toBeVisible();
    // Nothing entered, nothing refused.
    await expect(page.locator("#bonus-code-error")).toHaveCount(0);
  });

  test("each payment method is a tile with its mark; the chosen one stands out", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const tiles = page.locator(".checkout__method");
    expect(await tiles.count()).toBeGreaterThanOrEqual(6);
    for (const tile of await tiles.all()) {
      await expect(tile.locator("label svg use")).toHaveAttribute(
        "href",
        /^\/payment-marks\.svg#pm-[a-z]+$/,
      );
    }
    const card = page
      .locator(".checkout__method label")
      .filter({ hasText: "Credit or debit card" });
    const paypal = page.locator(".checkout__method label").filter({ hasText: "PayPal" });
    const border = (label: typeof card) =>
      label.evaluate((element) => getComputedStyle(element).borderColor);
    const chosen = await border(card);
    expect(await border(paypal)).not.toBe(chosen);
    await page.getByLabel("PayPal").check();
    expect(await border(paypal)).toBe(chosen);
    // The marks are the site's own: the sprite is served from the site.
    const sprite = await page.request.get("/payment-marks.svg");
    expect(sprite.status()).toBe(200);
    expect(await sprite.text()).toContain('<symbol id="pm-card"');
  });

  test("the pay button comes with the safe-payment lines", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const lines = page.locator(".checkout__assurances");
    await expect(lines).toContainText("Secure checkout: your payment is encrypted");
    await expect(lines).toContainText("30-day money-back guarantee");
    await expect(lines.locator("svg use").first()).toHaveAttribute("href", "/icons.svg#lock");
  });

  test("paying with nothing filled in says what is missing, in French", async ({ page, js }) => {
    await page.goto("/fr/order/checkout?plan=102");
    await ready(page, js);
    await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("Paiement sécurisé")).toBeVisible();
    await page.getByRole("button", { name: /^Payer / }).click();
    await expect(page.locator("#checkout-form-email-error")).toHaveText("Ce champ est obligatoire");
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByText("Saisissez votre e-mail")).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/order\/checkout\?plan=102/);
  });

  test("a code from a link that the service refuses speaks of the order to a guest", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102&code=SUMMER2024");
    await ready(page, js);
    await expect(page.locator("#bonus-code-error")).toHaveText(
      "This code cannot be used for this order. If it is tied to your account, sign in first.",
    );
    await expect(page.getByText("this account")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toHaveValue("SUMMER2024");
    // An empty `?code=` names no code: nothing is refused.
    await page.goto("/order/checkout?plan=102&code=");
    await ready(page, js);
    await expect(page.locator("#bonus-code-error")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Bonus code" })).toBeHidden();
  });
});
