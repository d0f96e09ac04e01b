import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { expect, ready, test } from "./fixtures";
import { ACCOUNTS } from "./sign-in-session";

/**
 * The whole catalogue where a buyer looks for it (issue 25): every billing period of the personal
 * plan, families and teams of 5, 10 and 20, the product tiers with their benefits, the VPN
 * add-ons, trials that are trials, and the checkout's way to sign in — JS on and off.
 */

test.describe("the catalogue on the pricing pages", () => {
  test("every billing period is a row to choose: weekly to lifetime, each priced", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const table = page.getByRole("table", { name: "Every billing period" });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(8);
    await expect(rows.locator(".plan-table__period")).toHaveText([
      "1 week",
      "1 month",
      "2 months",
      "3 months",
      "6 months",
      "1 year",
      "3 years",
      "Lifetime",
    ]);
    await expect(rows.nth(0)).toContainText("$1.99 billed weekly");
    await expect(rows.nth(2)).toContainText("$8.98 billed every 2 months");
    await expect(rows.nth(7)).toContainText("$149.00 one-off payment");
    await rows
      .nth(4)
      .getByRole("link", { name: /^Choose plan/ })
      .click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=107$/);
    await expect(page.locator(".purchase__billing")).toHaveText("$20.94 billed every 6 months");
  });

  test("families and teams of 5, 10 and 20 are on offer", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const block = page.locator("#family-and-teams");
    for (const name of ["Team, 5 users", "Team, 10 users", "Team, 20 users"]) {
      await expect(block.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(block.getByRole("heading", { name: "Family, 6 members" })).toHaveCount(3);
    await block.getByRole("link", { name: "Choose plan: Team, 10 users" }).click();
    await expect(page.locator(".purchase__plan")).toHaveText("Team, 10 users");
    await expect(page.locator(".checkout__total")).toHaveText("$899.00");
  });

  test("the tiers are compared with their benefit lists", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const tiers = page.locator("#tiers");
    await expect(tiers.locator(".plan-tier__name")).toHaveText([
      "Standard",
      "MonoDefense",
      "Secure Duo",
    ]);
    await expect(tiers.getByRole("list", { name: "What MonoDefense includes" })).toContainText(
      "DNS firewall against malicious sites",
    );
    await expect(
      tiers.getByRole("list", { name: "What Standard includes" }).locator("li"),
    ).toHaveCount(6);
  });

  test("in German the tiers and the table speak German", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    await expect(page.locator("#tiers .plan-tier__name").first()).toHaveText("Standard");
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
    const plans = page.locator("#plans");
    await plans
      .getByRole("link", { name: /^Start 7-day free trial/ })
      .first()
      .click();
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
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
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
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  });
});
