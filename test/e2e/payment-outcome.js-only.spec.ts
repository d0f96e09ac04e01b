import { expect, hostedMethod, ready, test } from "./fixtures";

/** With JS, a pending order's page asks again by itself and turns paid without a reload. */
test("a pending payment turns paid on the page by itself", async ({ page, js }) => {
  await page.goto("/order/checkout?plan=102");
  await ready(page, js);
  await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
  await hostedMethod(page, js);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\?order=/);
  await page.getByRole("button", { name: "Leave pending" }).click();

  await expect(page).toHaveURL(/\/payment-success\?order=102-/);
  await ready(page, js);
  const order = page.locator(".order-summary");
  await expect(order).toContainText("Checking your payment");
  // A mark on the window: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await expect(order).toContainText("Thank you! Your payment was received.", { timeout: 10_000 });
  await expect(order.locator(".order-summary__transaction")).toHaveText(/^SBX-/);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
});
