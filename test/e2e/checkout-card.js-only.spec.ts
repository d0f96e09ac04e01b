import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CLOCKED_URL, expect, ready, test } from "./fixtures";
import { routeStripe, TEST_CARDS, type StandInOptions } from "./stripe-stand-in";

/**
 * The card step with JS (issue 9): the checkout posts with JS, the card is paid on the page
 * through Stripe.js (the stand-in of stripe-stand-in.ts, routed in place of js.stripe.com), the
 * site confirms the order and the outcome page shows it paid. Card errors are told in the
 * buyer's language and the buyer can try again; when Stripe.js cannot load, the hosted payment
 * page is offered; Apple Pay and Pay Now are offered only where the device has them.
 */

const STRIPE = /^https:\/\/js\.stripe\.com\//;

/** Stripe.js requests of a page, whatever answers them. */
function stripeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (STRIPE.test(request.url())) seen.push(request.url());
  });
  return seen;
}

async function openCardStep(
  page: Page,
  options: StandInOptions = {},
  path = "/order/checkout?plan=102",
) {
  await routeStripe(page, options);
  await page.goto(path);
  await ready(page, true);
}

async function submitEmail(page: Page, email = "dana.miller@example.com", emailLabel = "E-mail") {
  await page.getByRole("textbox", { name: emailLabel }).fill(email);
  await page.locator(".checkout__form button[type=submit]").click();
}

async function fillCard(page: Page, number: string) {
  await page.getByRole("textbox", { name: /Name on card|Name auf der Karte/ }).fill("Dana Miller");
  await page.locator(".card-step__address input").first().fill("12 Harbour Lane");
  const card = page.locator("#card-element input");
  await card.fill("");
  await card.pressSequentially(number);
}

const payButton = (page: Page) => page.locator(".card-step .checkout__actions button");

test.describe("checkout card step", () => {
  test("pays by card on the page; the success page shows the order paid", async ({ page }) => {
    await openCardStep(page);
    await submitEmail(page);
    await expect(page.getByRole("heading", { name: "Card details" })).toBeVisible();
    await expect(page.locator(".checkout__form")).toBeHidden();
    await expect(page.locator("#card-element input")).toBeVisible();
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByText("Enter your credit card details")).toBeVisible();

    await fillCard(page, TEST_CARDS.success);
    await expect(page.getByText("Enter your credit card details")).toBeHidden();
    await expect(payButton(page)).toHaveText("Pay $35.88");
    await payButton(page).click();

    await expect(page).toHaveURL(
      /\/payment-success\?order=102-[0-9a-f]{12}-[0-9a-f]{8}&key=[\w-]{22}$/,
    );
    const order = page.locator(".order-summary");
    await expect(order).toContainText("Thank you! Your payment was received.");
    await expect(order).toContainText("$35.88");
    await expect(order).toContainText("d***@example.com");
    const standIn = await page.evaluate(
      () => (window as unknown as { stripeStandInLog?: unknown }).stripeStandInLog,
    );
    // A client navigation keeps the page: the stand-in saw the key, the version and the billing details.
    expect(standIn).toMatchObject({
      key: "pk_test_sandbox",
      apiVersion: "2020-03-02",
      confirmed: [
        {
          card: "4242",
          billing: { name: "Dana Miller", address: { line1: "12 Harbour Lane" } },
        },
      ],
    });
  });

  test("the open card step, with an error shown, has no accessibility violations", async ({
    page,
  }) => {
    await openCardStep(page);
    await submitEmail(page);
    await fillCard(page, TEST_CARDS.declined);
    await payButton(page).click();
    await expect(page.locator(".card-step__error")).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .include(".card-step")
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("a declined card says so, and the buyer can pay with another card", async ({ page }) => {
    await openCardStep(page);
    await submitEmail(page);
    await fillCard(page, TEST_CARDS.declined);
    await payButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);

    await fillCard(page, TEST_CARDS.success);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText("Your payment was received.");
  });

  const ERRORS: [keyof typeof TEST_CARDS, string][] = [
    ["stolen", "Your card was declined."],
    ["lost", "Your card was declined."],
    ["expired", "Your card has expired."],
    ["incorrectCvc", "Your card's security code is incorrect."],
    ["processingError", "An error occurred while processing your card. Try again in a little bit."],
    ["insufficientFunds", "Your card has insufficient funds."],
    ["zipCheck", "The zip code you supplied failed validation."],
    [
      "authenticationFailure",
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    ],
  ];
  for (const [card, message] of ERRORS) {
    test(`card error ${card}: ${message}`, async ({ page }) => {
      await openCardStep(page);
      await submitEmail(page);
      await fillCard(page, TEST_CARDS[card]);
      await payButton(page).click();
      await expect(page.locator(".card-step__error")).toHaveText(message);
      await expect(payButton(page)).toBeEnabled();
    });
  }

  test("the German card step is German, its errors too, and ends on the German page", async ({
    page,
  }) => {
    await openCardStep(page, {}, "/de/order/checkout?plan=102");
    await submitEmail(page, "dana@example.com", "E-Mail");
    await expect(page.getByRole("heading", { name: "Kartendaten" })).toBeVisible();
    await fillCard(page, TEST_CARDS.expired);
    await payButton(page).click();
    await expect(page.locator(".card-step__error")).toHaveText("Ihre Karte ist abgelaufen.");
    await fillCard(page, TEST_CARDS.insufficientFunds);
    await payButton(page).click();
    await expect(page.locator(".card-step__error")).toHaveText(
      "Ihre Karte ist nicht ausreichend gedeckt.",
    );
    await fillCard(page, TEST_CARDS.success);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/de\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText(
      "Vielen Dank! Ihre Zahlung ist eingegangen.",
    );
  });

  test("when Stripe.js cannot load, the hosted payment page is offered and works", async ({
    page,
  }) => {
    await openCardStep(page, { fail: true });
    await submitEmail(page);
    await expect(page.getByRole("alert")).toHaveText(
      "The secure card form could not be loaded. You can pay on our payment provider's page instead.",
    );
    await page.getByRole("button", { name: "Pay on the secure payment page" }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\?order=102-/);
    await expect(page.locator("dl")).toContainText("card");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText("Your payment was received.");
  });

  test("Stripe.js is requested neither on /pricing nor on the checkout before the card step", async ({
    page,
  }) => {
    await routeStripe(page);
    const requested = stripeRequests(page);
    await page.goto("/pricing");
    await ready(page, true);
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);

    await page.goto("/order/checkout?plan=102");
    await ready(page, true);
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("PayPal").check();
    await page.getByLabel("Credit or debit card").check();
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);

    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page.locator("#card-element input")).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
  });

  test("choosing another method closes the card step; a hosted method still leaves for its page", async ({
    page,
  }) => {
    await openCardStep(page);
    await submitEmail(page);
    await expect(page.locator("#card-element input")).toBeVisible();
    await page.getByRole("button", { name: "Choose another payment method" }).click();
    await expect(page.locator(".checkout__form")).toBeVisible();
    await page.getByLabel("PayPal").check();
    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page).toHaveURL(/\/sandbox\/pay\?order=102-/);
  });

  test("without a card provider key the JS checkout goes to the hosted page, as without JS", async ({
    page,
  }) => {
    // The second server of playwright.config.ts has no STRIPE_PUBLISHABLE_KEY.
    const requested = await routeStripe(page);
    await page.goto(`${CLOCKED_URL}/order/checkout?plan=102`);
    await ready(page, true);
    await expect(page.getByLabel("Apple Pay")).toHaveCount(0);
    await submitEmail(page);
    await expect(page).toHaveURL(/\/sandbox\/pay\?order=102-/);
    expect(requested).toEqual([]);
  });

  test("Apple Pay and Pay Now say so and cannot be paid when the device has no wallet", async ({
    page,
  }) => {
    await openCardStep(page, { canMakePayment: null });
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("Apple Pay").check();
    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page.locator(".card-step__unavailable")).toHaveText(
      "ApplePay is not currently configured or available on your device",
    );
    await expect(payButton(page)).toBeDisabled();

    await page.getByRole("button", { name: "Choose another payment method" }).click();
    await page.getByLabel("Pay Now").check();
    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page.locator(".card-step__unavailable")).toHaveText(
      "Pay Now is not currently configured or available on your device",
    );
    await expect(payButton(page)).toBeDisabled();
  });

  test("Apple Pay on a device that has it completes the order", async ({ page }) => {
    await openCardStep(page, { canMakePayment: { applePay: true } });
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("Apple Pay").check();
    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page.getByRole("heading", { name: "Pay with Apple Pay" })).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success\?order=102-/);
    await expect(page.locator(".order-summary")).toContainText("Your payment was received.");
  });
});
