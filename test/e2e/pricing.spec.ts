/**
 * The pricing page: every plan priced from the provider's price list by the SPEC §9 rules, and a
 * plain link to the checkout (works without JS).
 */
import { expect, ready, test } from "./fixtures";

test.describe("pricing page", () => {
  test("shows each plan's price per month, its saving and billing", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const plans = page.locator("#plans .plan");
    await expect(plans).toHaveCount(4);
    const yearly = plans.nth(1);
    await expect(yearly.locator(".plan__amount")).toHaveText("$2.99");
    await expect(yearly.locator(".plan__unit")).toHaveText("per month");
    await expect(yearly.locator(".plan__save")).toHaveText("Save 40%");
    await expect(yearly.locator(".plan__billing")).toHaveText("$35.88 billed yearly");
    await expect(yearly.locator(".plan__badge")).toHaveText("Most popular");
    const lifetime = plans.nth(3);
    await expect(lifetime.locator(".plan__amount")).toHaveText("$149.00");
    await expect(lifetime.locator(".plan__unit")).toHaveText("one-off payment");
    await expect(page.locator("#family-and-teams .plan").first()).toContainText(
      "Family, 6 members",
    );
    await expect(page.locator(".pricing-plans__notes").first()).toContainText(
      "30-day money-back guarantee",
    );
  });

  test("a plan is chosen with a plain link to the checkout", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    await page
      .locator("#plans .plan")
      .nth(1)
      .getByRole("link", { name: /^Choose plan/ })
      .click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);
  });

  test("the German page prices in German", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    const yearly = page.locator("#plans .plan").nth(1);
    await expect(yearly.locator(".plan__amount")).toHaveText("2,99 $");
    await expect(yearly.locator(".plan__unit")).toHaveText("pro Monat");
    await expect(yearly.locator(".plan__choose")).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=102",
    );
    await expect(yearly.locator(".plan__trial-start")).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=110",
    );
  });

  test("the landing pages' offers lead to their plan at the checkout", async ({ page, js }) => {
    for (const [path, button, plan] of [
      ["/lifetime-75-off", "Claim the discount", "104"],
      ["/special-family-lifetime", "Get Family Lifetime", "203"],
    ] as const) {
      await page.goto(path);
      await ready(page, js);
      await page.getByRole("link", { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`/order/checkout\\?plan=${plan}$`));
      await expect(page.locator(".checkout__total")).not.toBeEmpty();
    }
  });

  test("anonymous visitors get the page from the page cache; the checkout never is", async ({
    request,
  }) => {
    const headers = { Accept: "text/html", "Accept-Encoding": "gzip" };
    for (const path of ["/pricing", "/de/pricing"]) {
      await request.get(path, { headers });
      const again = await request.get(path, { headers });
      expect(again.status()).toBe(200);
      expect(again.headers()["x-page-cache"]).toBe("hit");
      expect(again.headers()["cache-control"]).not.toMatch(/private/);
    }
    await request.get("/order/checkout?plan=102", { headers });
    const checkout = await request.get("/order/checkout?plan=102", { headers });
    expect(checkout.headers()["x-page-cache"]).not.toBe("hit");
    expect(checkout.headers()["cache-control"]).toBe("private, no-store");
  });
});
