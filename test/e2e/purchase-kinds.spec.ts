import { expect, hostedMethod, ready, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * What the buyer is told they pay for (issue 25): every kind of purchase names its product, plan,
 * period and billing on the checkout and again on the outcome page, JS on and off — never just
 * "1 month" or "Lifetime" for plans that cost $4.99 and $1,599 alike.
 */

interface Expected {
  product: string;
  plan: string;
  period: string;
  billing: string;
}

async function expectLines(page: Page, scope: string, expected: Expected) {
  const within = page.locator(scope);
  await expect(within.locator(".purchase__product")).toHaveText(expected.product);
  await expect(within.locator(".purchase__plan")).toHaveText(expected.plan);
  await expect(within.locator(".purchase__period")).toHaveText(expected.period);
  await expect(within.locator(".purchase__billing")).toHaveText(expected.billing);
}

const KINDS: [number, Expected][] = [
  [
    102,
    { product: "KeyNest", plan: "Personal", period: "1 year", billing: "$35.88 billed yearly" },
  ],
  [108, { product: "KeyNest", plan: "Personal", period: "1 week", billing: "$1.99 billed weekly" }],
  [
    106,
    {
      product: "KeyNest",
      plan: "Personal",
      period: "3 months",
      billing: "$11.97 billed every 3 months",
    },
  ],
  [
    104,
    {
      product: "KeyNest",
      plan: "Personal",
      period: "Lifetime",
      billing: "$149.00 one-off payment",
    },
  ],
  [
    201,
    {
      product: "KeyNest",
      plan: "Family, 6 members",
      period: "1 month",
      billing: "$7.99 billed monthly",
    },
  ],
  [
    203,
    {
      product: "KeyNest",
      plan: "Family, 6 members",
      period: "Lifetime",
      billing: "$299.00 one-off payment",
    },
  ],
  [
    303,
    {
      product: "KeyNest",
      plan: "Team, 20 users",
      period: "Lifetime",
      billing: "$1,599.00 one-off payment",
    },
  ],
  [
    405,
    {
      product: "Orbitshield VPN",
      plan: "5 extra VPN devices",
      period: "1 year",
      billing: "$49.99 billed yearly",
    },
  ],
  [
    407,
    {
      product: "Orbitshield VPN",
      plan: "5 extra VPN devices",
      period: "Lifetime",
      billing: "$99.00 one-off payment",
    },
  ],
  [
    503,
    {
      product: "Orbitshield VPN",
      plan: "Personal server, 2 TB a month",
      period: "1 month",
      billing: "$14.99 billed monthly",
    },
  ],
  [
    602,
    {
      product: "Orbitshield VPN",
      plan: "Personal static IP",
      period: "1 year",
      billing: "$47.88 billed yearly",
    },
  ],
];

test.describe("what is bought", () => {
  for (const [id, expected] of KINDS) {
    test(`plan ${id}: the checkout says ${expected.plan}, ${expected.period}, ${expected.billing}`, async ({
      page,
      js,
    }) => {
      await page.goto(`/order/checkout?plan=${id}`);
      await ready(page, js);
      await expectLines(page, ".checkout__summary", expected);
    });
  }

  test("a team of 20 is bought as a team of 20: the outcome page says so too", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=303");
    await ready(page, js);
    await page.getByRole("textbox", { name: "E-mail" }).fill("office@example.com");
    await hostedMethod(page, js, "PayPal");
    await page.getByRole("button", { name: "Pay $1,599.00" }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\?order=303-/);
    await expect(page.locator("dl")).toContainText("TEAM 20 LIFETIME");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=303-/);
    await expectLines(page, ".order-summary", KINDS.find(([kind]) => kind === 303)![1]);
  });

  test("the German checkout names the family plan in German", async ({ page, js }) => {
    await page.goto("/de/order/checkout?plan=202");
    await ready(page, js);
    await expectLines(page, ".checkout__summary", {
      product: "KeyNest",
      plan: "Familie, 6 Mitglieder",
      period: "1 Jahr",
      billing: "59,88 $, jährliche Abrechnung",
    });
  });

  test("a trial says it is free for 7 days, that nothing is due today and when the first charge is", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=109");
    await ready(page, js);
    const summary = page.locator(".checkout__summary");
    await expect(summary.locator(".purchase__billing")).toHaveText(
      "7 days free, then $4.99 billed monthly if you keep the plan",
    );
    await expect(summary.locator(".purchase__due")).toHaveText("$0.00");
    const day = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(Date.now() + 7 * 86_400_000),
    );
    await expect(summary.locator(".purchase__first-charge")).toHaveText(
      `$4.99 on ${day}, only if you choose to keep the plan`,
    );
    await expect(summary.locator(".checkout__total")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Payment method" })).toBeHidden();
    await page.getByRole("textbox", { name: "E-mail" }).fill("trial.kinds@example.com");
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=109-/);
    const order = page.locator(".order-summary");
    await expect(order.locator(".purchase__due")).toHaveText("$0.00");
    await expect(order.locator(".purchase__first-charge")).toHaveText(
      `$4.99 on ${day}, only if you choose to keep the plan`,
    );
  });
});
