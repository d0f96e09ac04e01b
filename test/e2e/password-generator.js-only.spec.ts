import { expect, ready, test } from "./fixtures";

const password = (page: import("@playwright/test").Page) => page.getByTestId("generated-password");

test("the browser makes passwords itself and sends none of them anywhere", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const requests: string[] = [];
  page.on("request", (request) => {
    requests.push(`${request.url()} ${request.postData() ?? ""}`);
  });
  await page.goto("/password-generator");
  await ready(page, true);
  await expect(password(page)).toHaveValue(/^.{20}$/);
  const first = await password(page).inputValue();

  await page.getByRole("spinbutton", { name: "Length (8–128)" }).fill("40");
  await expect(password(page)).toHaveValue(/^.{40}$/);
  await expect(page.getByRole("slider", { name: "Length (8–128)" })).toHaveValue("40");
  const second = await password(page).inputValue();
  expect(second).not.toBe(first);

  await page.getByLabel("Symbols (!#$%…)").uncheck();
  await expect(password(page)).toHaveValue(/^[a-zA-Z0-9]{40}$/);

  const before = requests.length;
  await page.getByRole("button", { name: "Generate password" }).click();
  await expect(password(page)).not.toHaveValue(second);
  expect(page.url()).not.toContain("length=");

  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  const shown = await password(page).inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  expect(requests.length).toBeGreaterThanOrEqual(before);
  for (const value of [first, second, shown]) {
    expect(
      requests.filter((r) => r.includes(value) || r.includes(encodeURIComponent(value))),
    ).toEqual([]);
  }
});

test("the German page is German", async ({ page }) => {
  await page.goto("/de/password-generator");
  await ready(page, true);
  await expect(page.getByRole("button", { name: "Kopieren" })).toBeVisible();
  await expect(page.locator("[data-strength]")).toContainText("Stärke");
});

test("the length slider sets the length and makes a new password", async ({ page }) => {
  await page.goto("/password-generator");
  await ready(page, true);
  const slider = page.getByRole("slider", { name: "Length (8–128)" });
  await slider.fill("64");
  await expect(page.getByRole("spinbutton", { name: "Length (8–128)" })).toHaveValue("64");
  await expect(password(page)).toHaveValue(/^.{64}$/);
  await expect(page.locator(".password-generator__meter")).toHaveAttribute("data-level", "4");
});
