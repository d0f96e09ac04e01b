import { expect, ready, test } from "./fixtures";

/**
 * SPEC §5 with JS: the e-mail is checked only when it is not empty, and its message shows after
 * the field changes, only when invalid; an empty field shows nothing until the buyer tries to
 * pay, then its message and the pay button's hint.
 */
test("the e-mail's message: not for an empty field, after a change, gone once valid", async ({
  page,
  js,
}) => {
  await page.goto("/order/checkout?plan=102");
  await ready(page, js);
  const email = page.getByRole("textbox", { name: "E-mail" });
  const message = page.locator("#checkout-form-email-error");

  await email.focus();
  await email.blur();
  await expect(page.getByText("Enter your email")).toHaveCount(0);
  await expect(message).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");

  await email.fill("DANA@");
  await email.blur();
  await expect(message).toHaveText("Invalid email");
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill("Dana@Example.com");
  await expect(message).toHaveCount(0);

  await email.fill("");
  await email.blur();
  await expect(message).toHaveCount(0);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(message).toHaveText("Field is required");
  await expect(page.getByText("Enter your email")).toBeVisible();
});
