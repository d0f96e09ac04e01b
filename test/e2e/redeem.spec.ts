import type { Page } from "@playwright/test";
import { field } from "./content-forms";
import { expect, ready, test } from "./fixtures";

/**
 * The redeem page (/redeem, a content page with the redeem block): a code is checked first — what
 * it gives is shown — then redeemed for an e-mail's account. Two plain posts without JS.
 */

async function checkCode(page: Page, js: boolean, code: string, path = "/redeem") {
  await page.goto(path);
  await ready(page, js);
  const form = page.locator("form#redeem-check");
  await expect(form).toBeVisible();
  if (js) await expect(form).toHaveAttribute("data-enhanced", "");
  await field(form, "code").fill(code);
  await form.getByRole("button").click();
}

test.describe("redeem", () => {
  test("a valid gift code: shown first, then redeemed", async ({ page, js }) => {
    await checkCode(page, js, "gift-year-2026");
    const section = page.locator("section#redeem");
    await expect(section.locator(".redeem__preview")).toContainText(
      "Gift code GIFT-YEAR-2026: 1 year of the full plan, as a gift.",
    );
    await expect(section.locator(".redeem__preview")).toContainText("Valid until");

    const confirm = page.locator("form#redeem-apply");
    await field(confirm, "email").fill("mia@example.com");
    await confirm.getByRole("button", { name: "Redeem now" }).click();
    await expect(section.locator(".redeem__done")).toContainText(
      "Done! 1 year has been added to the account m***@example.com.",
    );
    await expect(section.getByRole("link", { name: "Use another code" })).toBeVisible();
  });

  test("a redeem code goes through purchase/redeem/", async ({ page, js }) => {
    await checkCode(page, js, "REDEEM-3MONTHS");
    await expect(page.locator(".redeem__preview")).toContainText(
      "Code REDEEM-3MONTHS: 3 months of the full plan.",
    );
    const confirm = page.locator("form#redeem-apply");
    await field(confirm, "email").fill("mia@");
    await confirm.getByRole("button", { name: "Redeem now" }).click();
    await expect(field(page.locator("form#redeem-apply"), "email")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.locator(".redeem__preview")).toContainText("REDEEM-3MONTHS");
    await field(page.locator("form#redeem-apply"), "email").fill("mia@example.com");
    await page.getByRole("button", { name: "Redeem now" }).click();
    await expect(page.locator(".redeem__done")).toContainText("3 months has been added");
  });

  for (const [code, message] of <[string, string][]>[
    ["NOPE-0000", "This code is not valid. Please check it and try again."],
    ["no!", "This code is not valid. Please check it and try again."],
    ["GIFT-USED-0001", "This code has already been used."],
    ["GIFT-EXPIRED-01", "This code has expired."],
  ]) {
    test(`the code ${code} is refused: ${message}`, async ({ page, js }) => {
      await checkCode(page, js, code);
      const form = page.locator("form#redeem-check");
      await expect(form.locator("#redeem-check-code-error")).toHaveText(message);
      await expect(field(form, "code")).toHaveValue(code);
      await expect(page.locator("form#redeem-apply")).toHaveCount(0);
    });
  }

  test("the German page is German", async ({ page, js }) => {
    await checkCode(page, js, "GIFT-YEAR-2026", "/de/redeem");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(
      page.getByRole("heading", { level: 1, name: "Geschenk oder Code einlösen" }),
    ).toBeVisible();
    await expect(page.locator(".redeem__preview")).toContainText(
      "Geschenkcode GIFT-YEAR-2026: 1 Jahr des vollen Tarifs als Geschenk.",
    );
    await expect(page.getByRole("button", { name: "Jetzt einlösen" })).toBeVisible();
  });

  test("a German refusal is German", async ({ page, js }) => {
    await checkCode(page, js, "GIFT-USED-0001", "/de/redeem");
    await expect(page.locator("#redeem-check-code-error")).toHaveText(
      "Dieser Code wurde bereits verwendet.",
    );
  });
});
