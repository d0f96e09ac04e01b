import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { expect, ready, test } from "./fixtures";
import { ACCOUNTS } from "./sign-in-session";

/**
 * The whole catalogue where a buyer looks for it (issue 25): every billing period of the personal
 * plan, families and teams of 5, 10 and 20, the product tiers priced with their benefits, the VPN
 * add-ons, trials that are trials, and the checkout's way to sign in — JS on and off.
 */

test.describe("the catalogue on the pricing pages", () => {
  test("every billing period can be chosen: the switch's three, the other five folded", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    await expect(page.locator("#plans .plan-switch__tab")).toHaveText([
      "Monthly",
      "YearlySave up to 40%",
      "LifetimePay once",
    ]);
    const table = page.getByRole("table", { name: "More ways to pay for Personal" });
    await expect(table).toBeHidden();
    await page.locator("#all-periods summary").click();
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(5);
    await expect(rows.locator(".plan-table__period")).toHaveText([
      "1 week",
      "2 months",
      "3 months",
      "6 months",
      "3 years",
    ]);
    await expect(rows.nth(0)).toContainText("$1.99 billed weekly");
    await expect(rows.nth(1)).toContainText("$8.98 billed every 2 months");
    await expect(rows.nth(4)).toContainText("$89.64 billed every 3 years");
    await rows
      .nth(3)
      .getByRole("link", { name: /^Choose plan/ })
      .click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=107$/);
    await expect(page.locator(".purchase__billing")).toHaveText("$20.94 billed every 6 months");
  });

  test("families of 6 by period, and teams of 5, 10 and 20 priced per user", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const family = page
      .getByRole("list", { name: "Plans for one person or a household: Yearly" })
      .locator(".plan")
      .filter({ hasText: "For up to 6 people" });
    await expect(family.locator(".plan__billing")).toHaveText("$59.88 billed yearly");
    const block = page.locator("#teams");
    for (const name of ["Team, 5 users", "Team, 10 users", "Team, 20 users"]) {
      await expect(block.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(block.locator(".plan__per-user")).toHaveText([
      "$99.80 per user",
      "$89.90 per user",
      "$79.95 per user",
    ]);
    // Honest about sizes: the plans go to 20 people, a larger team asks for a quote.
    await expect(block.getByRole("link", { name: "Ask us for a quote" })).toBeVisible();
    await block.getByRole("link", { name: "Choose plan: Team, 10 users" }).click();
    await expect(page.locator(".purchase__plan")).toHaveText("Team, 10 users");
    await expect(page.locator(".checkout__total")).toHaveText("$899.00");
  });

  test("the tiers are priced cards with their benefits as check lists", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const cards = page
      .getByRole("list", { name: "Plans for one person or a household: Yearly" })
      .locator(".plan");
    const mono = cards.filter({ has: page.getByRole("heading", { name: "MonoDefense" }) });
    await expect(mono.locator(".plan__features li")).toContainText([
      "Everything in Personal",
      "Orbitshield VPN with 3000+ servers",
      "DNS firewall against malicious sites",
      "Smart DNS for streaming",
    ]);
    await expect(mono.locator(".plan__amount")).toHaveText("$7.99");
    const duo = cards.filter({ has: page.getByRole("heading", { name: "Secure Duo" }) });
    await expect(duo.locator(".plan__amount")).toHaveText("$5.49");
    await expect(duo.locator(".plan__billing")).toHaveText("$65.88 billed yearly");
  });

  test("in German the switch and the table speak German", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    await expect(page.locator("#plans .plan-switch__label")).toHaveText([
      "Monatlich",
      "Jährlich",
      "Lebenslang",
    ]);
    await page.locator("#all-periods summary").click();
    await expect(page.locator("#all-periods thead")).toContainText("Preis");
    await expect(page.locator("#all-periods tbody tr").first()).toContainText("1 Woche");
  });

  test("the VPN add-ons: device slots, personal servers and static IPs, each bought on its own", async ({
    page,
    js,
  }) => {
    await page.goto("/vpn-add-ons");
    await ready(page, js);
    await expect(page.locator("#vpn-devices tbody tr")).toHaveCount(7);
    await expect(page.locator("#personal-server tbody tr")).toHaveCount(8);
    await expect(page.locator("#static-ip tbody tr")).toHaveCount(2);
    const lifetime = page.locator("#vpn-devices tbody tr").filter({ hasText: "Lifetime" });
    await expect(lifetime).toContainText("5 extra VPN devices");
    await lifetime.getByRole("link", { name: /^Choose plan/ }).click();
    await expect(page).toHaveURL(/plan=407$/);
    await expect(page.locator(".purchase__product")).toHaveText("Orbitshield VPN");
    await expect(page.locator(".purchase__billing")).toHaveText("$99.00 one-off payment");
  });

  test("the footer leads to the add-ons", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    await expect(page.locator("footer").getByRole("link", { name: "VPN add-ons" })).toHaveAttribute(
      "href",
      "/vpn-add-ons",
    );
  });
});

test.describe("free trials", () => {
  test("the monthly card's trial link starts a trial checkout, not a charge", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    await page.locator("#plans label", { hasText: "Monthly" }).click();
    await page.getByRole("link", { name: "Start 7-day free trial: Personal" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=109$/);
    await expect(page.locator(".purchase__due")).toHaveText("$0.00");
    await expect(page.getByRole("button", { name: "Start free trial" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  });

  test("'Start free trial' on a content page leads to the trial", async ({ page, js }) => {
    await page.goto("/features");
    await ready(page, js);
    await page.getByRole("link", { name: "Start free trial" }).first().click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=109$/);
    await expect(page.locator(".purchase__billing")).toContainText("7 days free");
  });
});

test.describe("the checkout's auth step", () => {
  test("an anonymous buyer signs in from the checkout and comes back to it, where the account's rules apply", async ({
    page,
    js,
  }) => {
    // MYREFERRAL is the active demo account's referral code: 10% off for anyone else.
    await page.goto("/order/checkout?plan=104&code=MYREFERRAL");
    await ready(page, js);
    await expect(page.getByText("Code MYREFERRAL applied")).toBeVisible();
    await expect(page.getByText("this plan will be added to your account")).toHaveCount(0);
    await page.locator("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(
      /\/sign-in\?to=%2Forder%2Fcheckout%3Fplan%3D104%26code%3DMYREFERRAL$/,
    );
    await ready(page, js);
    const form = page.locator("main form");
    await form.getByLabel("E-mail").fill(ACCOUNTS.active);
    await form.getByLabel("Password", { exact: true }).fill(SANDBOX_PASSWORD);
    await form.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/order\/checkout\?plan=104&code=MYREFERRAL$/);
    await expect(
      page.getByText("You are signed in: this plan is checked against your account."),
    ).toBeVisible();
    await expect(
      page.getByText("this plan will be added to your account as an upgrade"),
    ).toBeVisible();
    await expect(page.getByText("A promo code cannot be used on your own account.")).toBeVisible();
    await expect(page.locator(".checkout__total")).toHaveText("$149.00");
    await expect(
      page.locator("main").getByRole("link", { name: "Sign in", exact: true }),
    ).toHaveCount(0);
  });
});
