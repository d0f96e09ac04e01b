import { routeWalletScript } from "./amazon-wallet";
import { watchPolicyViolations } from "./csp-watch";
import { expect, ready, test } from "./fixtures";
import { signIn } from "./sign-in-form";
import { routeStripe } from "./stripe-stand-in";

/**
 * With JS, the enforced Content-Security-Policy (decision 014) blocks nothing the site itself
 * does: hydration, client navigation, the linked stylesheet, style attributes, the card step's
 * Stripe.js (stand-in), the wallet script (stand-in). Any violation fails the page.
 */
test.describe("no policy violations with JS", () => {
  for (const [type, path] of [
    ["home", "/"],
    ["pricing", "/pricing"],
    ["blog post", "/blog/passkeys-explained"],
    ["sign-in", "/sign-in"],
    ["German content", "/de/features"],
  ] as const) {
    test(`on the ${type} page`, async ({ page }) => {
      const violations = await watchPolicyViolations(page);
      const response = await page.goto(path);
      expect(response!.headers()["content-security-policy"]).toContain("default-src 'none'");
      await ready(page, true);
      // The stylesheet applied (a blocked one would leave the browser's own fonts).
      await expect(page.locator("body")).toHaveCSS("font-family", /Inter/);
      await page.waitForLoadState("networkidle");
      expect(await violations()).toEqual([]);
    });
  }

  test("on the checkout's card step, with Stripe.js", async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await routeStripe(page);
    await page.goto("/order/checkout?plan=102");
    await ready(page, true);
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana.miller@example.com");
    await page.locator(".checkout__form button[type=submit]").click();
    await expect(page.locator("#card-element input")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  test("on the Amazon Pay wallet page, with its script", async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await routeWalletScript(page);
    await page.goto("/order/checkout?plan=102");
    await ready(page, true);
    await page.getByRole("textbox", { name: /^E-Ma/i }).fill("dana@example.com");
    await page.getByLabel("Amazon Pay").check();
    await page.getByRole("button", { name: /\$35\.88/ }).click();
    await expect(page).toHaveURL(/\/amazon\/payment\?order=/);
    await expect(page.getByRole("button", { name: "Amazon Pay stand-in" })).toBeVisible({
      timeout: 10_000,
    });
    expect(await violations()).toEqual([]);
  });

  test("on the account page after signing in", async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto("/sign-in");
    await signIn(page, true, "active@keynest.example");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("subscription-status")).toBeVisible();
    // A full load of the signed-in page too (private, rendered for the session).
    const response = await page.reload();
    expect(response!.headers()["content-security-policy"]).toContain("default-src 'none'");
    await ready(page, true);
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });
});
