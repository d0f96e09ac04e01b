/**
 * Signed in with JS: the password field's show/hide toggle, and no token in anything the
 * browser receives — documents, the route data of client-side navigations, scripts — nor in
 * `document.cookie`.
 */
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { expect, ready, test } from "./fixtures";
import { signIn } from "./sign-in-form";

test("the password field shows and hides what was typed once scripts run", async ({ page }) => {
  await page.goto("/sign-in");
  await ready(page, true);
  const field = page.locator('form.sign-in-form input[name="password"]');
  const toggle = page.getByRole("button", { name: "Show password" });
  await field.fill("typed-secret");
  await expect(field).toHaveAttribute("type", "password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(field).toHaveAttribute("type", "text");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(field).toHaveAttribute("type", "password");
  await expect(field).toHaveValue("typed-secret");
});

test("no token reaches the browser, whatever it loads while signed in", async ({ page }) => {
  const bodies: { url: string; text: string }[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!/html|javascript|json|text|turbo/.test(type)) return;
    try {
      bodies.push({ url: response.url(), text: await response.text() });
    } catch {
      // A redirect has no body to read.
    }
  });
  await page.goto("/sign-in");
  await signIn(page, true, "active@keynest.example");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("subscription-status")).toBeVisible();
  // Client-side navigations fetch route data (`.data`), not documents.
  await page.locator(".site-header").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto("/account");
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/change-password$/);

  expect(await page.evaluate(() => document.cookie)).not.toContain("__session");
  expect(bodies.length).toBeGreaterThan(5);
  for (const { url, text } of bodies) {
    expect(text, url).not.toMatch(/sandbox-monthly\.[0-9a-f]+|access\.[0-9a-f]{24}/);
    expect(text, url).not.toContain(SANDBOX_PASSWORD);
  }
});
